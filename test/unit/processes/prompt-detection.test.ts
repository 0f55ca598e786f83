import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastLine, promptKind } from '../../../src/core/processes/prompt-detection';

// Real prompts, as the programs print them (unterminated: the cursor waits after them).
const EXPLICIT = [
  'Do you want to continue? [Y/n] ', // apt
  'Proceed ([y]/n)? ', // conda
  'Need to install the following packages:\n  create-vite@5.2.0\nOk to proceed? (y) ', // npx
  'Are you sure you want to continue connecting (yes/no/[fingerprint])? ', // ssh
  "Enter passphrase for key '/home/u/.ssh/id_ed25519': ",
  '[sudo] password for relay: ',
  'Password: ',
  'Press any key to continue . . . ',
  'Press ENTER to continue or Ctrl-C to abort',
  'Overwrite existing file? (y/N) ',
  'Would you like to continue? (y/n)',
  'Remove node_modules? [y/N]: ',
];
const QUESTIONS = [
  'package name: (my-app) ', // npm init
  'version: (1.0.0) ',
  'Is this OK? (yes) ', // npm init's last question
  'What is your name? ',
  'Enter a number: ',
  '? Project name: › vite-project', // create-vite (prompts)
  '? Which framework would you like to use? › - Use arrow-keys. Return to submit.',
  'Username for \'https://github.com\': ',
];
// Not questions: dev servers' key hints, log lines, banners.
const NOT_PROMPTS = [
  '  ➜  press h + enter to show help',
  'press h to show help',
  'Press q to quit.',
  'Press Ctrl+C to stop',
  'Press CTRL+C to quit',
  'Watching for file changes.',
  '[12:00:01 PM] Found 0 errors. Watching for file changes.',
  '  VITE v5.4.0  ready in 312 ms',
  'webpack compiled successfully',
  'Compiled successfully!',
  'Starting development server...',
  '',
];

describe('prompt detection', () => {
  it('recognises explicit questions, terminated or not', () => {
    for (const text of EXPLICIT) {
      const { line, terminated } = lastLine(text);
      assert.equal(promptKind(line, terminated), 'explicit', JSON.stringify(text));
      assert.equal(promptKind(line, true), 'explicit', `${JSON.stringify(text)} with a newline`);
    }
  });

  it('recognises a line ending in ? or : only while the cursor waits after it', () => {
    for (const text of QUESTIONS) {
      const { line, terminated } = lastLine(text);
      assert.equal(terminated, false);
      assert.equal(promptKind(line, terminated), 'question', JSON.stringify(text));
    }
    assert.equal(promptKind('Errors:', true), undefined, 'a log line ending in ":" is not a question');
    assert.equal(promptKind('Did you mean this?', true), undefined);
  });

  it('never takes a key hint, banner or log line for a question', () => {
    for (const text of NOT_PROMPTS) {
      assert.equal(promptKind(text, false), undefined, JSON.stringify(text));
      assert.equal(promptKind(text, true), undefined, JSON.stringify(text));
    }
  });

  it('reads the last line and whether a newline ended it', () => {
    assert.deepEqual(lastLine('one\ntwo? '), { line: 'two?', terminated: false });
    assert.deepEqual(lastLine('one\ntwo\n\n'), { line: 'two', terminated: true });
    assert.deepEqual(lastLine(''), { line: '', terminated: false });
  });
});
