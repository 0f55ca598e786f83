// Choosing a turn's rules as a real turn pays for it, at the scale the issue names: a workspace of 300 rule files
// (every format: nested AGENTS.md, Cursor globs, Copilot applyTo, Claude paths, Cline, Roo modes, Kilo) and a task
// that has touched 300 files. One turn's choice is what the agent loop and the host do before each model request:
//   touchedFiles(history)            the task's paths, read from its tool calls and the user's @mentions;
//   turnRulesFrom(service)(files)    the rules kind from the service, with the folder re-check (the stamp of the
//                                    kind's fixed folders: a real turn comes ≥ 2 s after the last one, so it pays
//                                    it every time), then the choice, recorded for Show Customizations.
// Target: p95 ≤ 5 ms per turn (this process's CPU time: on a loaded 2-core machine the wall time's tail is time spent
// waiting for a core; the wall figures are printed beside it). Side by side in the same run: the same turn without
// the re-check (a turn within 2 s of the last), and the baseline of reading the four root instruction files once
// per turn, as Relay did before rules had scopes.
// The bench checks what it measures: every turn must choose exactly the rules the fixture makes active (counted
// from the fixture's own construction below), and the re-check must have looked at the folders (a stamp per turn).
// Exits 1 when a target or a check fails. Run: npm run bench turn-rules
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ChatMessage } from '../src/core/model/provider';
import { chooseRules } from '../src/core/customization/rules/choose-rules';
import type { Rule } from '../src/core/customization/rules/rule';
import { createRulesKind } from '../src/core/customization/rules/rules-kind';
import { touchedFiles } from '../src/core/customization/rules/touched-files';
import { CustomizationService } from '../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../src/host/customization/node-files';
import { turnRulesFrom } from '../src/host/customization/turn-rules';

const TARGET_MS = 5;
const TURNS = 400;
const WARM = 20;

// The fixture, by family. Touched: 50 packages × 6 files (src/a.ts, src/b.tsx, src/c.ts, test/d.ts, test/e.ts, docs/f.md).
const PACKAGES_TOUCHED = 50;
const FILES_PER_PACKAGE = 6;
const ROOT_ALWAYS = 3; // AGENTS.md, CLAUDE.md, .github/copilot-instructions.md
const NESTED = 60; // packages/p<i>/AGENTS.md: active for i < 50 (a touched file under it)
const CURSOR = 80; // globs packages/p<i>/src/**/*.ts: active for i < 50
const COPILOT = 60; // applyTo packages/p<i>/**/*.tsx: active for i < 50
const CLAUDE = 40; // paths packages/p<i>/test/**: all 40 active
const CLINE = 20; // odd: always; even: paths **/*.k<i>, which nothing touched matches
const ROO_MODES = 10; // .roo/rules-mode<i>/: no agent selected, none active
const KILO = 300 - (ROOT_ALWAYS + NESTED + CURSOR + COPILOT + CLAUDE + CLINE + ROO_MODES); // always
const EXPECTED_ACTIVE =
  ROOT_ALWAYS + Math.min(NESTED, PACKAGES_TOUCHED) + Math.min(CURSOR, PACKAGES_TOUCHED) + Math.min(COPILOT, PACKAGES_TOUCHED) + Math.min(CLAUDE, PACKAGES_TOUCHED) + CLINE / 2 + KILO;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));

function makeWorkspace(root: string): void {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('AGENTS.md', '# Root\nUse pnpm.\n');
  write('CLAUDE.md', 'Claude root.\n');
  write('.github/copilot-instructions.md', 'Copilot root.\n');
  for (let i = 0; i < NESTED; i++) write(`packages/p${i}/AGENTS.md`, `Package ${i}: its own conventions.\n`.repeat(5));
  for (let i = 0; i < CURSOR; i++) write(`.cursor/rules/r${i}.mdc`, `---\ndescription: Rule ${i}\nglobs: packages/p${i}/src/**/*.ts\nalwaysApply: false\n---\nCursor rule ${i}.\n`);
  for (let i = 0; i < COPILOT; i++) write(`.github/instructions/i${i}.instructions.md`, `---\napplyTo: "packages/p${i}/**/*.tsx"\n---\nCopilot ${i}.\n`);
  for (let i = 0; i < CLAUDE; i++) write(`.claude/rules/c${i}.md`, `---\npaths:\n  - "packages/p${i}/test/**"\n---\nClaude ${i}.\n`);
  for (let i = 0; i < CLINE; i++) write(`.clinerules/k${i}.md`, i % 2 ? `Cline ${i}.\n` : `---\npaths: ["**/*.k${i}"]\n---\nCline ${i}.\n`);
  for (let i = 0; i < ROO_MODES; i++) write(`.roo/rules-mode${i}/x.md`, `Roo mode ${i}.\n`);
  for (let i = 0; i < KILO; i++) write(`.kilocode/rules/k${i}.md`, `Kilo ${i}.\n`);
  for (let p = 0; p < 60; p++) for (const file of ['src/a.ts', 'src/b.tsx', 'src/c.ts', 'test/d.ts', 'test/e.ts', 'docs/f.md']) write(`packages/p${p}/${file}`, 'export {};\n');
}

/** A task's history that touched 300 files: reads, edits and a few patches, each answered, and @mentions. */
function history(): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Tidy the packages, see @packages/p0/src/a.ts and @r3' }] }];
  const files = ['src/a.ts', 'src/b.tsx', 'src/c.ts', 'test/d.ts', 'test/e.ts', 'docs/f.md'].slice(0, FILES_PER_PACKAGE);
  let call = 0;
  for (let p = 0; p < PACKAGES_TOUCHED; p++) {
    for (const [f, file] of files.entries()) {
      const callId = `c${call++}`;
      const path = `packages/p${p}/${file}`;
      const part =
        f === 5
          ? { type: 'tool_call' as const, callId, name: 'apply_patch', args: { patch: `*** Begin Patch\n*** Update File: ${path}\n@@\n-export {};\n+export const x = ${p};\n*** End Patch` } }
          : { type: 'tool_call' as const, callId, name: f % 2 ? 'edit_file' : 'read_file', args: { path, ...(f % 2 ? { edits: [{ old_text: 'export {};', new_text: 'export {}; // x' }] } : {}) } };
      messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Next.' }, part] });
      messages.push({ role: 'user', content: [{ type: 'tool_result', callId, content: 'export {};\n'.repeat(20) }] });
    }
  }
  return messages;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'relay-bench-turn-rules-'));
  try {
    makeWorkspace(root);
    const files = new NodeCustomizationFiles([root]);
    let stamps = 0;
    const stamp = files.stamp.bind(files);
    files.stamp = (patterns, userPatterns) => (stamps++, stamp(patterns, userPatterns));
    // restampMs 0: every turn re-checks the folders, as a real turn (≥ 2 s after the last) does.
    const rechecking = new CustomizationService(files, 0);
    rechecking.register(createRulesKind('Rules'));
    const cached = new CustomizationService(new NodeCustomizationFiles([root]), Number.POSITIVE_INFINITY);
    cached.register(createRulesKind('Rules'));
    const conversation = history();

    const loaded = (await rechecking.get<{ activation: string }>('rules')).entries;
    await cached.get('rules');
    const turn = async (service: CustomizationService) => {
      let active = 0;
      const choose = turnRulesFrom(service, { chosen: (names) => (active = names.length) });
      const touched = touchedFiles(conversation, root);
      await choose(touched);
      return { active, touched: touched.touched.length };
    };

    const measure = async (work: () => Promise<void>) => {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let run = 0; run < TURNS + WARM; run++) {
        const used = process.cpuUsage();
        const start = performance.now();
        await work();
        const ms = performance.now() - start;
        const spent = process.cpuUsage(used);
        if (run >= WARM) {
          wall.push(ms);
          cpu.push((spent.user + spent.system) / 1000);
        }
      }
      return { wall, cpu };
    };

    const wrong: string[] = [];
    let touchedCount = 0;
    const check = (label: string) => async (service: CustomizationService) => {
      const { active, touched } = await turn(service);
      touchedCount = touched;
      if (active !== EXPECTED_ACTIVE) wrong.push(`${label}: ${active} rules chosen instead of ${EXPECTED_ACTIVE}`);
    };
    const stampsBefore = stamps;
    const full = await measure(() => check('with the re-check')(rechecking));
    const stampsTaken = stamps - stampsBefore;
    const noRecheck = await measure(() => check('without the re-check')(cached));
    // Cold: the first turn after the rules were loaded again (a rule file changed) in a task resumed from disk:
    // the index is built and every one of the 300 files worked out anew (a fresh copy of the rules and the history).
    const entries = (await cached.get<Rule>('rules')).entries;
    const copies = Array.from({ length: TURNS + WARM }, () => ({ rules: entries.map((rule) => ({ ...rule })), history: structuredClone(conversation) }));
    let coldRun = 0;
    const cold = await measure(async () => {
      const copy = copies[coldRun++]!;
      const active = chooseRules(copy.rules, touchedFiles(copy.history, root)).active.length;
      if (active !== EXPECTED_ACTIVE) wrong.push(`cold: ${active} rules chosen instead of ${EXPECTED_ACTIVE}`);
    });
    const baseline = await measure(async () => {
      for (const name of ['AGENTS.md', '.relay/rules.md', 'CLAUDE.md', '.github/copilot-instructions.md']) await readFile(join(root, name)).catch(() => undefined);
    });

    const row = (label: string, m: { wall: number[]; cpu: number[] }) =>
      `${label.padEnd(62)} CPU p50 ${fmt(quantile(m.cpu, 0.5))} ms, p95 ${fmt(quantile(m.cpu, 0.95))} ms; wall p50 ${fmt(quantile(m.wall, 0.5))} ms, p95 ${fmt(quantile(m.wall, 0.95))} ms`;
    console.log(`workspace: ${loaded.length} rules loaded from 300 files; a task that touched ${touchedCount} files (${conversation.length} messages); ${EXPECTED_ACTIVE} rules active; ${TURNS} turns each`);
    console.log(row('a turn: touched files + re-check + choice (target p95 ≤ 5 ms)', full));
    console.log(row('the same turn within 2 s of the last (no re-check)', noRecheck));
    console.log(row('cold: rules just reloaded, history just read (no target)', cold));
    console.log(row('baseline: the four root files read once per turn', baseline));
    console.log(`load average now: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);

    const p95 = quantile(full.cpu, 0.95);
    const failures = [
      ...(loaded.length !== 300 ? [`${loaded.length} rules loaded instead of 300`] : []),
      ...(touchedCount !== PACKAGES_TOUCHED * FILES_PER_PACKAGE ? [`${touchedCount} touched files read from the history instead of ${PACKAGES_TOUCHED * FILES_PER_PACKAGE}`] : []),
      ...(stampsTaken !== TURNS + WARM ? [`the folders were re-checked ${stampsTaken} times in ${TURNS + WARM} turns`] : []),
      ...[...new Set(wrong)].slice(0, 3),
      ...(p95 > TARGET_MS ? [`a turn's choice took CPU p95 ${fmt(p95)} ms`] : []),
    ];
    if (failures.length > 0) {
      console.error(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else console.log('all targets met');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
