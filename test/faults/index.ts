// The fault-injection suite's side inside the extension host (extensionTestsPath; scripts/test-faults.ts drives
// it). Each extension host it runs in was started after a SIGKILL: it first checks what the crash left (every
// user file whole, every task in the history opens, the checkpoint store verifies, restoring to every step of the
// new tasks works, nothing temporary is left), then, when the plan names a kill point, runs the scripted task
// (an edit, a command that creates and deletes files, a write, a restore) with that point armed, and the suite
// kills it there. Files in RELAY_FAULTS_DIR carry the plan in and the findings out.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import { changesToApply } from '../../src/core/checkpoints/restore-plan';
import { startScriptedModelServer } from '../support/scripted-model-server';
import { activateRelay, relayWithScriptedPrompter, waitFor } from '../integration/helpers';
import { checkStorage } from './storage-check';

export interface FaultPlan {
  seq: number;
  storage: string;
  /** Where the task is killed; none: only check (the last restart). */
  point?: { kind: 'hook'; name: string; hit: number } | { kind: 'time'; afterMs: number } | { kind: 'none' };
  /** Restore to every step of every task, not only of the tasks new since the last check. */
  restoreAll: boolean;
}

export interface Findings {
  problems: string[];
  tasks: number;
  opened: number;
  objects: number;
  restoredSteps: number;
  ms: number;
}

/**
 * The user files at each point of step `n`'s task; each step's content is its own, so every task stores new
 * checkpoint objects (as the calibration's first task did) and passes every crash point as often.
 */
function files(n: number) {
  const a0 = `alpha ${n}\nbeta\ngamma\n`;
  return {
    a0,
    a1: a0.replace('beta', 'BETA (edited)'),
    a2: `written over in step ${n}\n`,
    b0: `to be deleted by the command in step ${n}\n`,
    keep: Buffer.from([0, 1, 2, 250, 255, 0, 13, 10, n % 256]),
    made: `made by the command in step ${n}\n`,
    second: `second file of the command in step ${n}\n`,
  };
}

/** Every state each user file may be in at any moment of steps 0 to `n`; a file in any other state is torn. */
function versions(n: number): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  const add = (path: string, content: string | Buffer) => (out[path] ??= new Set()).add(sha(content));
  for (let i = 0; i <= n; i++) {
    const f = files(i);
    for (const content of [f.a0, f.a1, f.a2]) add('a.txt', content);
    add('b.txt', f.b0);
    add('data/keep.bin', f.keep);
    add('made/new.txt', f.made);
    add('made/second.txt', f.second);
  }
  return out;
}

const command = (n: number) =>
  `mkdir -p made && printf '${files(n).made.trimEnd()}\\n' > made/new.txt && sleep 0.4 && rm b.txt && printf '${files(n).second.trimEnd()}\\n' > made/second.txt`;

const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const dir = () => process.env.RELAY_FAULTS_DIR!;
const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

async function writeJson(name: string, value: unknown): Promise<void> {
  await fs.writeFile(join(dir(), `${name}.tmp-out`), JSON.stringify(value));
  await fs.rename(join(dir(), `${name}.tmp-out`), join(dir(), name));
}

async function userFiles(base = root()): Promise<string[]> {
  const out: string[] = [];
  // A folder gone since its parent was listed: a mount point Relay's activation removed meanwhile (as above).
  const entries = await fs.readdir(base, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' && base !== root()) return [];
    throw error;
  });
  for (const entry of entries) {
    const full = join(base, entry.name);
    if (entry.isDirectory()) out.push(...(await userFiles(full)));
    else out.push(relative(root(), full));
  }
  return out;
}

/**
 * The read-only paths of the sandbox's boundary the workspace does not have: bubblewrap makes a mount point for
 * each while a sandboxed command runs (an empty read-only file or an empty folder), which the next activation
 * removes when a crash left it (src/host/sandbox/placeholders.ts).
 */
const MOUNT_POINT_NAMES = ['.envrc', '.relay', '.vscode', '.claude', '.github', '.clinerules', '.idea', '.mcp.json'];

/**
 * What bubblewrap makes for a missing read-only file: empty, no write bits. Gone counts as one: Relay activates
 * beside this check (onStartupFinished) and removes the mount points a killed command left, so one seen by the
 * folder's listing may be gone by the time it is looked at.
 */
async function isMountPointFile(path: string): Promise<boolean> {
  const stat = await fs.lstat(join(root(), path)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return !stat || (stat.isFile() && stat.size === 0 && (stat.mode & 0o222) === 0);
}

/**
 * Each user file is one of its known states; with `strict`, no other file (a temporary one, a sandbox's mount
 * point, which activation removes) is there.
 */
async function checkUserFiles(problems: string[], strict: boolean, known: Record<string, Set<string>>): Promise<void> {
  for (const path of await userFiles()) {
    const states = known[path];
    if (!states) {
      if (strict || !(path.endsWith('.tmp') || (MOUNT_POINT_NAMES.includes(path) && (await isMountPointFile(path))))) problems.push(`workspace: ${path} should not be there`);
      continue;
    }
    const content = await fs.readFile(join(root(), path));
    if (!states.has(sha(content))) problems.push(`workspace: ${path} is torn (${content.length} bytes: ${JSON.stringify(content.toString('utf8').slice(0, 60))})`);
  }
}

async function resetWorkspace(n: number): Promise<void> {
  const f = files(n);
  for (const entry of await fs.readdir(root())) await fs.rm(join(root(), entry), { recursive: true, force: true });
  await fs.mkdir(join(root(), 'data'));
  await fs.writeFile(join(root(), 'a.txt'), f.a0);
  await fs.writeFile(join(root(), 'b.txt'), f.b0);
  await fs.writeFile(join(root(), 'data', 'keep.bin'), f.keep);
}

export async function run(): Promise<void> {
  const plan = JSON.parse(await fs.readFile(join(dir(), 'plan.json'), 'utf8')) as FaultPlan;
  // One extension host per plan: another started for the same page (a restart after a crash) does nothing.
  try {
    await fs.writeFile(join(dir(), `claim-${plan.seq}.json`), JSON.stringify({ pid: process.pid }), { flag: 'wx' });
  } catch {
    return new Promise(() => undefined);
  }
  const started = Date.now();
  const problems: string[] = [];
  const states = versions(plan.seq);
  await checkUserFiles(problems, false, states);

  const api = await activateRelay();
  // The sandbox's mount points a killed command left go at activation, once its process group was stopped.
  const mountPoints = async () => (await Promise.all(MOUNT_POINT_NAMES.map((name) => fs.lstat(join(root(), name)).then(() => name, () => undefined)))).filter(Boolean);
  try {
    await waitFor(async () => (await mountPoints()).length === 0, 15_000, "the sandbox's mount points to be removed");
  } catch {
    problems.push(`workspace: the sandbox's mount points ${(await mountPoints()).join(', ')} are still there after activation`);
  }
  const { relay, prompter, restoreConfirmer } = await relayWithScriptedPrompter();
  const store = relay.checkpoints.store()!;
  await store.storageBytes(); // opens the store: what a crash left is cleaned up now
  const knownPath = join(dir(), 'known-tasks.json');
  const known = new Set<string>(JSON.parse(await fs.readFile(knownPath, 'utf8').catch(() => '[]')) as string[]);

  // Every task in the history opens, and none seen before is lost.
  const tasks = await relay.controller.listTasks();
  const ids = new Set(tasks.map((t) => t.id));
  for (const id of known) if (!ids.has(id)) problems.push(`task ${id} was in the history and is gone`);
  let opened = 0;
  for (const task of tasks) {
    api.chat.submitIntent({ type: 'openTask', id: task.id });
    try {
      await waitFor(() => api.chat.snapshot.task?.id === task.id, 10_000, `task ${task.id} to open`);
      opened++;
    } catch (error) {
      problems.push(`task ${task.id} does not open: ${(error as Error).message}`);
    }
  }
  api.chat.submitIntent({ type: 'newTask' });
  await waitFor(() => !api.chat.snapshot.task, 5_000, 'an empty chat');

  // The store verifies; every step of every task still loads (its trees and objects are there), and restoring
  // to each step of the tasks not checked before (all of them on the last restart) brings back exactly its files.
  const storage = await checkStorage(plan.storage);
  problems.push(...storage.problems);
  const verified = await store.verify(); // every object, packed or loose, read back against its hash
  problems.push(...verified.problems);
  let restoredSteps = 0;
  for (const task of tasks) {
    let steps;
    try {
      steps = await store.steps(task.id);
    } catch (error) {
      problems.push(`the checkpoints of task ${task.id} do not load: ${(error as Error).message}`);
      continue;
    }
    if (known.has(task.id) && !plan.restoreAll) continue;
    for (const step of steps) {
      try {
        const planned = await store.planRestore(task.id, step.id);
        if (!planned) throw new Error('no plan');
        await store.apply(changesToApply(planned.plan, true));
        const again = await store.planRestore(task.id, step.id);
        const left = again?.plan.changes.map((c) => relative(root(), c.path)) ?? ['(no plan)'];
        if (left.length > 0) throw new Error(`still differs after the restore: ${left.join(', ')}`);
        restoredSteps++;
      } catch (error) {
        problems.push(`restoring task ${task.id} to "${step.label}" fails: ${(error as Error).message}`);
      }
      await checkUserFiles(problems, true, states);
    }
  }
  await checkUserFiles(problems, true, states);
  await writeJson('known-tasks.json', [...ids]);
  const findings: Findings = { problems, tasks: tasks.length, opened, objects: Math.max(storage.objects, verified.objects), restoredSteps, ms: Date.now() - started };
  await writeJson(`verified-${plan.seq}.json`, findings);
  if (!plan.point) return;

  // The task, with the kill point armed.
  await resetWorkspace(plan.seq);
  const server = await startScriptedModelServer();
  const config = vscode.workspace.getConfiguration('relay');
  for (const [key, value] of Object.entries({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false })) {
    if (config.inspect(key)?.globalValue !== value) await config.update(key, value, vscode.ConfigurationTarget.Global);
  }
  server.setScript([
    { toolCalls: [{ id: 'call_edit', name: 'edit_file', args: { path: 'a.txt', edits: [{ old_text: 'beta', new_text: 'BETA (edited)' }] } }] },
    { toolCalls: [{ id: 'call_cmd', name: 'run_command', args: { command: command(plan.seq) } }] },
    { toolCalls: [{ id: 'call_write', name: 'write_file', args: { path: 'a.txt', content: files(plan.seq).a2 } }] },
    { text: 'Done.', toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Edited, ran, wrote.' } }] },
  ]);
  prompter.script({ type: 'allow-once' }, { type: 'allow-once' }, { type: 'allow-once' });
  restoreConfirmer.script('restore');
  process.env.RELAY_FAULT_POINT = plan.point.kind === 'hook' ? `${plan.point.name}:${plan.point.hit}` : 'none:0';
  await writeJson(`armed-${plan.seq}.json`, { at: Date.now() });
  api.chat.submitIntent({ type: 'sendMessage', text: 'Edit a.txt, run the command, then rewrite a.txt.' });
  await waitFor(() => api.chat.snapshot.task && !api.chat.snapshot.task.running && !relay.controller.isRunning, 30_000, 'the task to finish');
  const cmdCard = api.chat.snapshot.items.find((i) => i.kind === 'tool' && i.status.callId === 'call_cmd');
  if (!cmdCard) throw new Error('the command card is missing');
  const notices = api.chat.snapshot.items.filter((i) => i.kind === 'notice').length;
  api.chat.submitIntent({ type: 'restoreCheckpoint', itemId: cmdCard.id, conversation: false });
  await waitFor(() => api.chat.snapshot.items.filter((i) => i.kind === 'notice').length > notices, 10_000, 'the restore notice');
  const counts = (globalThis as { [key: symbol]: Map<string, number> | undefined })[Symbol.for('relay.faultPointCounts')];
  await writeJson(`finished-${plan.seq}.json`, { at: Date.now(), counts: Object.fromEntries(counts ?? []) });
  // The suite kills this host (or the server) now; a hook point that was never reached ends here.
  return new Promise(() => undefined);
}
