// Prompt detection on what real programs print, bytes and all: colour codes, cursor hide/show, erase-line, OSC
// titles and carriage returns go through the same AnsiStripper the process manager feeds its ring with, then
// pendingPrompt reads the ring's tail as the manager does. Each case is read whole and split into small chunks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pendingPrompt, type PromptKind } from '../../../src/core/processes/prompt-detection';
import { AnsiStripper } from '../../../src/core/text/ansi';

const ESC = '\x1b';
const hide = `${ESC}[?25l`;
const cyan = (s: string) => `${ESC}[36m${s}${ESC}[39m`;
const bold = (s: string) => `${ESC}[1m${s}${ESC}[22m`;
const dim = (s: string) => `${ESC}[2m${s}${ESC}[22m`;
const green = (s: string) => `${ESC}[32m${s}${ESC}[39m`;

type Case = [name: string, raw: string, kind: PromptKind | undefined, line?: string];

const QUESTIONS: Case[] = [
  ['npm init', 'This utility will walk you through creating a package.json file.\n\npackage name: (app) ', 'question', 'package name: (app)'],
  ['npm init entry point', 'entry point: (index.js) ', 'question'],
  ['npm init last', 'Is this OK? (yes) ', 'question'],
  ['create-vite (clack text)', `${hide}${ESC}[90m│${ESC}[39m\n${cyan('◆')}  Project name:\n${cyan('│')}  ${dim('vite-project')}\n${cyan('└')}\n`, 'question', '◆  Project name:'],
  ['create-vite (clack select)', `${hide}${ESC}[90m│${ESC}[39m\n${cyan('◆')}  Select a framework:\n${cyan('│')}  ${green('●')} Vanilla\n${cyan('│')}  ${dim('○')} Vue\n${cyan('│')}  ${dim('○')} React\n${cyan('└')}\n`, 'question', '◆  Select a framework:'],
  ['create-vite 5 (prompts text)', `${hide}${cyan('?')} ${bold('Project name:')} ${ESC}[90m›${ESC}[39m vite-project`, 'question', '? Project name: › vite-project'],
  ['create-vite 5 (prompts select)', `${hide}${cyan('?')} ${bold('Select a framework:')} ${ESC}[90m›${ESC}[39m - Use arrow-keys. Return to submit.\n${cyan('❯')}   ${ESC}[33mVanilla${ESC}[39m\n    ${green('Vue')}\n    ${cyan('React')}`, 'question', '? Select a framework: › - Use arrow-keys. Return to submit.'],
  ['create-next-app (prompts toggle)', `${hide}${cyan('?')} ${bold('Would you like to use TypeScript?')} ${ESC}[90m›${ESC}[39m ${dim('No')} / ${cyan(`${ESC}[4mYes${ESC}[24m`)}`, 'question'],
  ['create-next-app (prompts text)', `${cyan('?')} ${bold('What is your project named?')} ${ESC}[90m›${ESC}[39m my-app`, 'question'],
  ['inquirer input', `${green('?')} ${bold('Project name')} ${dim('(my-app)')} `, 'question'],
  ['inquirer list', `${hide}${green('?')} ${bold('Which package manager?')} ${dim('(Use arrow keys)')}\n${cyan('❯ npm')}\n  yarn\n  pnpm${ESC}[3A${ESC}[37G`, 'question', '? Which package manager? (Use arrow keys)'],
  ['inquirer checkbox', `${green('?')} ${bold('Features')} (Press ${cyan(bold('<space>'))} to select, ${cyan(bold('<a>'))} to toggle all)\n${cyan('❯◯ Router')}\n ◯ Pinia\n ◯ Vitest`, 'question'],
  ['gh auth login (survey)', `${green('?')} ${bold('Where do you use GitHub?')}  ${cyan('[Use arrows to move, type to filter]')}\n${cyan('> GitHub.com')}\n  other\n`, 'question', '? Where do you use GitHub?  [Use arrows to move, type to filter]'],
  ['pnpm create (enquirer)', `${cyan('?')} ${bold('Project name')} ${dim('›')} `, 'question'],
  ['yarn init', 'yarn init v1.22.22\nquestion name (app): ', 'question', 'question name (app):'],
  ['yarn berry', `${hide}? ${bold('Do you want to install it?')} ${dim('›')} (Y/n)`, 'explicit'],
  ['git username', "Username for 'https://github.com': ", 'question'],
  ['ssh-keygen file', 'Generating public/private ed25519 key pair.\nEnter file in which to save the key (/root/.ssh/id_ed25519): ', 'question'],
  ['python input()', 'Name: ', 'question'],
  ['bash read -p', 'Proceed? ', 'question'],
  ['rm -i', "rm: remove regular file 'a.txt'? ", 'question'],
  ['cp -i', "cp: overwrite 'b'? ", 'question'],
  ['docker login', 'Log in with your Docker ID or email address to push and pull images from Docker Hub.\nUsername: ', 'question'],
  ['terraform apply', 'Do you want to perform these actions?\n  Terraform will perform the actions described above.\n  Only \'yes\' will be accepted to approve.\n\n  Enter a value: ', 'question', 'Enter a value:'],
  ['django flush', "Type 'yes' to continue, or 'no' to cancel: ", 'question'],
  ['npm login', 'npm notice Log in on https://registry.npmjs.org/\nLogin at:\nhttps://www.npmjs.com/login?next=/login/cli/0a1b2c\nPress ENTER to open in the browser...', 'question'],
  ['symfony console (artisan, composer)', ' Would you like to run the default database migrations? (yes/no) [yes]:\n > ', 'explicit', 'Would you like to run the default database migrations? (yes/no) [yes]:'],
  ['symfony choice', ' Which database will your application use? [SQLite]:\n  [sqlite ] SQLite\n  [mysql  ] MySQL\n  [pgsql  ] PostgreSQL\n > ', 'question', 'Which database will your application use? [SQLite]:'],
  ['django createsuperuser', "Username (leave blank to use 'bob'): ", 'question'],
  ['with an OSC title before', `${ESC}]0;npm init${ESC}\\package name: (app) `, 'question'],
];

const EXPLICIT: Case[] = [
  ['apt', 'After this operation, 12.3 MB of additional disk space will be used.\nDo you want to continue? [Y/n] ', 'explicit', 'Do you want to continue? [Y/n]'],
  ['ssh host key', "The authenticity of host 'h (1.2.3.4)' can't be established.\nAre you sure you want to continue connecting (yes/no/[fingerprint])? ", 'explicit'],
  ['sudo', '[sudo] password for bob: ', 'explicit'],
  ['ssh-keygen passphrase', 'Enter passphrase (empty for no passphrase): ', 'explicit'],
  ['ssh-keygen again', 'Enter same passphrase again: ', 'explicit'],
  ['git password', "Password for 'https://bob@github.com': ", 'explicit'],
  ['mysql', 'Enter password: ', 'explicit'],
  ['npx', 'Need to install the following packages:\n  cowsay@1.6.0\nOk to proceed? (y) ', 'explicit', 'Ok to proceed? (y)'],
  ['npx coloured', `Need to install the following packages:\n  ${green('cowsay@1.6.0')}\nOk to proceed? ${dim('(y)')} `, 'explicit'],
  ['pip', 'Found existing installation: requests 2.31.0\nUninstalling requests-2.31.0:\n  Would remove:\n    /usr/lib/python3/requests/*\nProceed (Y/n)? ', 'explicit'],
  ['conda', 'The following packages will be downloaded:\n\nProceed ([y]/n)? ', 'explicit'],
  ['press any key', 'Press any key to continue . . .', 'explicit'],
  ['press enter', 'Press ENTER to continue', 'explicit'],
  ['hit enter', 'Hit enter to continue', 'explicit'],
  ['press return when ready', 'Press RETURN when ready', 'explicit'],
  ['powershell', 'Are you sure you want to perform this action?\n[Y] Yes  [A] Yes to All  [N] No  [L] No to All  [S] Suspend  [?] Help (default is "Y"):', 'explicit'],
  ['npm uninstall', 'Remove node_modules? [y/N]: ', 'explicit'],
  ['composer plugins', 'Do you trust "php-http/discovery" to execute code and wish to enable it now? (writes "allow-plugins" to composer.json) [y,n,d,?] ', 'explicit'],
  ['git add -p', '(1/1) Stage this hunk [y,n,q,a,d,e,?]? ', 'explicit'],
  ['django createsuperuser password', 'Password (again): ', 'explicit'],
  ['vim', 'Hit ENTER or type command to continue', 'explicit'],
];

const NOT_QUESTIONS: Case[] = [
  ['vite banner', `\n  ${green(`${bold('VITE')} v5.4.0`)}  ${dim('ready in')} ${bold('312')} ms\n\n  ${green('➜')}  ${bold('Local')}:   ${cyan(`http://localhost:${bold('5173')}/`)}\n  ${green('➜')}  ${bold('Network')}${dim(': use ')}${bold('--host')}${dim(' to expose')}\n${dim(green('  ➜'))}${dim('  press ')}${bold('h + enter')}${dim(' to show help')}\n`, undefined],
  ['vite help hint unterminated', '  ➜  press h + enter to show help', undefined],
  ['next', '  ▲ Next.js 15.0.0\n  - Local:        http://localhost:3000\n  - Network:      http://192.168.1.5:3000\n\n ✓ Starting...\n', undefined],
  ['next unterminated', '  ▲ Next.js 15.0.0\n  - Local:        http://localhost:3000', undefined],
  ['jest watch', '\nWatch Usage\n › Press a to run all tests.\n › Press f to run only failed tests.\n › Press q to quit watch mode.\n › Press Enter to trigger a test run.\n', undefined],
  ['jest short', 'Watch Usage: Press w to show more.', undefined],
  ['ctrl+c to stop', 'Press Ctrl+C to stop', undefined],
  ['flask', ' * Running on http://127.0.0.1:5000\nPress CTRL+C to quit', undefined],
  ['angular', 'Watch mode enabled. Watching for file changes...', undefined],
  ['tsc', '[12:00:00 AM] Found 0 errors. Watching for file changes.', undefined],
  ['tsc coloured', `[${ESC}[90m12:00:00 AM${ESC}[0m] Found 0 errors. Watching for file changes.\n\n`, undefined],
  ['webpack', 'webpack 5.90.0 compiled successfully in 1234 ms', undefined],
  ['Errors: then more', 'Errors:\n', undefined],
  ['Local: then more', 'Local:\n', undefined],
  ['compiled with warnings', 'Compiled with warnings:\n\n', undefined],
  ['timestamp', '12:00:01', undefined],
  ['url', 'http://localhost:3000/', undefined],
  ['debugger', 'Debugger listening on ws://127.0.0.1:9229/3f9c2d44-7c1a-4b6e-9a3b-2c1f0e2d7a11\nFor help, see: https://nodejs.org/en/docs/inspector\n', undefined],
  ['debugger unterminated', 'Debugger listening on ws://127.0.0.1:9229/3f9c2d44-7c1a-4b6e-9a3b-2c1f0e2d7a11', undefined],
  ['rails', 'Use Ctrl-C to stop', undefined],
  ['a log line then a prompt marker', 'Compiled with warnings:\n\nsrc/a.ts\n > ', undefined],
  ['expo menu', '› Using Expo Go\n› Press s │ switch to development build\n\n› Press a │ open Android\n› Press w │ open web\n\n› Press ? │ show all commands\n', undefined],
  ['expo menu unterminated', '› Press s │ switch to development build\n› Press ? │ show all commands', undefined],
  ['storybook', '╭──────────────────────────────────────────╮\n│   Storybook 8.0.0 for react-vite started   │\n│   Local:            http://localhost:6006/ │\n╰──────────────────────────────────────────╯\n', undefined],
  ['a clack answer (submitted)', `${green('◇')}  Project name:\n${ESC}[90m│${ESC}[39m  ${dim('vite-project')}\n${ESC}[90m│${ESC}[39m\n`, undefined],
  ['a picker answered, output after it', `${green('?')} ${bold('Which package manager?')} ${cyan('npm')}\nInstalling dependencies...\n`, undefined],
  ['spinner rewritten with \\r', `${hide}⠋ Installing dependencies${ESC}[2K\r⠙ Installing dependencies${ESC}[2K\r✔ Installed 312 packages\n`, undefined],
];

/** Feeds `raw` through a stripper in `size`-character chunks, as the manager does, and asks about the tail. */
function detect(raw: string, size: number) {
  const stripper = new AnsiStripper();
  let ring = '';
  for (let i = 0; i < raw.length; i += size) ring += stripper.push(raw.slice(i, i + size));
  return pendingPrompt(ring.slice(-2048));
}

function check(cases: Case[]): void {
  for (const [name, raw, kind, line] of cases) {
    for (const size of [raw.length, 7, 1]) {
      const found = detect(raw, Math.max(1, size));
      assert.equal(found?.kind, kind, `${name} (chunks of ${size}): ${JSON.stringify(found)}`);
      if (line !== undefined) assert.equal(found?.line, line, `${name} (chunks of ${size})`);
    }
  }
}

describe('prompt detection on real programs', () => {
  it('sees the questions that wait for a line or a pick', () => check(QUESTIONS));
  it('sees explicit questions', () => check(EXPLICIT));
  it('never takes banners, key hints, log lines or answered pickers for a question', () => check(NOT_QUESTIONS));

  it('reads a spinner rewritten with \\r (or a move to the first column) as its last state', () => {
    for (const cr of ['\r', `${ESC}[2K${ESC}[1G`, `${ESC}[G`]) {
      const raw = `⠋ Resolving packages...${cr}⠙ Fetching...${cr}Ok to proceed? (y) `;
      for (const size of [raw.length, 5, 1]) {
        const found = detect(raw, size);
        assert.deepEqual(found, { line: 'Ok to proceed? (y)', kind: 'explicit' }, `${JSON.stringify(cr)} in chunks of ${size}`);
      }
    }
  });
});
