// `npm test`: every level in turn (unit, integration inside real VS Code, end to end through the real UI),
// then one summary and where the time went. Fails when any test failed or any level ran none.
import { spawn } from 'node:child_process';
import { runE2e } from './test-e2e';
import { runIntegration } from './test-integration';
import { printSummary, type LevelResult } from './test-report';
import { runUnit } from './test-unit';
import { provision } from '../test/support/vscode/server';

interface Phase {
  name: string;
  ms: number;
}

const phases: Phase[] = [];

async function timed<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } finally {
    const ms = Date.now() - started;
    phases.push({ name, ms });
    console.log(`=== ${name} done in ${seconds(ms)} ===`);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** An npm script with its output held back, so two running side by side do not interleave their lines. */
function npmScript(script: string): Promise<{ script: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ script, ok: false, output: `${output}${String(error)}\n` }));
    child.on('close', (code) => resolve({ script, ok: code === 0, output }));
  });
}

/**
 * Types and lint first: a broken core boundary or type error fails fast, before any VS Code starts. The two run side
 * by side (each is one single-threaded process, and the machine has two cores); each one's output is printed whole.
 */
async function staticChecks(): Promise<boolean> {
  console.log('\n=== typecheck and lint ===');
  const results = await Promise.all(['typecheck', 'lint'].map(npmScript));
  for (const r of results) {
    console.log(`--- ${r.script}: ${r.ok ? 'passed' : 'FAILED'}`);
    if (r.output) process.stdout.write(r.output);
    if (!r.ok) console.error(`${r.script} failed`);
  }
  return results.every((r) => r.ok);
}

/** Where the time went, one line per phase, for CI logs. */
function printPhases(totalMs: number): void {
  console.log('\nRelay test time');
  for (const p of phases) console.log(`  ${p.name.padEnd(20)} ${seconds(p.ms).padStart(8)}`);
  console.log(`  ${'total'.padEnd(20)} ${seconds(totalMs).padStart(8)}`);
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!(await timed('static checks', staticChecks))) {
    printPhases(Date.now() - started);
    return 1;
  }
  // Before the unit level: its ripgrep contract test runs VS Code's own ripgrep from the provisioned server,
  // so a fresh clone runs it instead of skipping it. A no-op once provisioned.
  console.log('\n=== VS Code server ===');
  try {
    await timed('provisioning', () => provision());
  } catch (error) {
    console.error('Provisioning the VS Code server failed:', error);
    printPhases(Date.now() - started);
    return 1;
  }
  const results: LevelResult[] = [];
  const levels: [LevelResult['level'], () => Promise<LevelResult>][] = [
    ['unit', () => runUnit()],
    ['integration', () => runIntegration()],
    ['e2e', () => runE2e()],
  ];
  for (const [level, run] of levels) {
    console.log(`\n=== ${level} tests ===`);
    results.push(
      await timed(`${level} tests`, async () => {
        try {
          return await run();
        } catch (error) {
          console.error(`${level} level could not run:`, error);
          return { level, passed: 0, failed: 1, skipped: 0 };
        }
      }),
    );
  }
  printPhases(Date.now() - started);
  return printSummary(results);
}

void main().then((code) => process.exit(code));
