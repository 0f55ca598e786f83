// The entry VS Code calls inside the extension host (`extensionTestsPath`), for the offline server (mode A)
// and for @vscode/test-electron alike: run every compiled suite with Mocha, print as Mocha does, and
// write a JSON summary to RELAY_TEST_RESULTS so the runner outside can count and report.
import Mocha from 'mocha';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number;
  error?: string;
}

/**
 * The suites that build their own adapters (some register the proposal scheme themselves), by name, then the one
 * that checks activation loads no runtime, run before any suite drives the extension's own Relay: its runtime,
 * once loaded, owns that scheme for the life of the extension host. The rest follow by name.
 */
const BEFORE_THE_RELAY = ['agent-loop', 'builtin-tools', 'code-intel', 'command-runner', 'diagnostics', 'edit-pipeline', 'foundation'].map((name) => `${name}.test.js`);

function suiteOrder(files: string[]): string[] {
  const first = BEFORE_THE_RELAY.filter((f) => files.includes(f));
  return [...first, ...files.filter((f) => !first.includes(f)).sort()];
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  const grep = process.env.RELAY_TEST_GREP;
  if (grep) mocha.grep(grep);
  const dir = join(__dirname, 'suites');
  for (const file of suiteOrder(readdirSync(dir).filter((f) => f.endsWith('.test.js')))) mocha.addFile(join(dir, file));

  const outcomes: TestOutcome[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const resultsFile = process.env.RELAY_TEST_RESULTS;
      if (resultsFile) writeFileSync(resultsFile, JSON.stringify({ outcomes }, null, 2));
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => outcomes.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration ?? 0 }));
    runner.on('pending', (t) => outcomes.push({ title: t.fullTitle(), state: 'pending', durationMs: 0 }));
    runner.on('fail', (t, err: Error) =>
      outcomes.push({ title: t.fullTitle(), state: 'failed', durationMs: t.duration ?? 0, error: err.stack ?? String(err) }),
    );
  });
}
