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

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  const grep = process.env.RELAY_TEST_GREP;
  if (grep) mocha.grep(grep);
  const dir = join(__dirname, 'suites');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(join(dir, file));

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
