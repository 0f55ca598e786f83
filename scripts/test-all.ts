// `npm test`: every level in turn (unit, integration inside real VS Code, end to end through the real UI),
// then one summary. Fails when any test failed or any level ran none.
import { spawnSync } from 'node:child_process';
import { runE2e } from './test-e2e';
import { runIntegration } from './test-integration';
import { printSummary, type LevelResult } from './test-report';
import { runUnit } from './test-unit';
import { provision } from '../test/support/vscode/server';

/** Types and lint first: a broken core boundary or type error fails fast, before any VS Code starts. */
function staticChecks(): boolean {
  for (const script of ['typecheck', 'lint']) {
    console.log(`\n=== ${script} ===`);
    if (spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' }).status !== 0) {
      console.error(`${script} failed`);
      return false;
    }
  }
  return true;
}

async function main(): Promise<number> {
  if (!staticChecks()) return 1;
  // Before the unit level: its ripgrep contract test runs VS Code's own ripgrep from the provisioned server,
  // so a fresh clone runs it instead of skipping it. A no-op once provisioned.
  console.log('\n=== VS Code server ===');
  try {
    provision();
  } catch (error) {
    console.error('Provisioning the VS Code server failed:', error);
    return 1;
  }
  const results: LevelResult[] = [];
  const levels: [LevelResult['level'], () => Promise<LevelResult>][] = [
    ['unit', () => runUnit()],
    ['integration', () => runIntegration()],
    ['e2e', () => runE2e()],
  ];
  for (const [level, run] of levels) {
    const started = Date.now();
    console.log(`\n=== ${level} tests ===`);
    try {
      results.push(await run());
    } catch (error) {
      console.error(`${level} level could not run:`, error);
      results.push({ level, passed: 0, failed: 1, skipped: 0 });
    }
    console.log(`=== ${level} done in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  }
  return printSummary(results);
}

void main().then((code) => process.exit(code));
