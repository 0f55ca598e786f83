// Background processes (issue 27): three figures, each beside a baseline measured in the same run.
// 1. Ready latency: a server prints its URL (with the time it printed it); how long until run_command with
//    background: true returns it as ready. Baseline: a bare pipe reader with the same regex on the same stream
//    (the least any reader can take). Target: median ≤ 100 ms over the rounds.
// 2. read_output on 1 MB of new output (a process printed 1 MB since the last read; memory holds the newest 512 KB
//    and the first 8 KB, the log all of it). Baseline: the old runner's head-and-tail buffer over the same 1 MB.
//    Target: ≤ 100 ms.
// 3. Memory of 8 idle background processes (each printed a banner and 64 KB of log): growth of this process's heap
//    with the manager holding them, beside 8 plain piped children. Target: ≤ 8 MB (8 × the 512 KB ring, plus room).
// Run: npm run bench processes
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolContext } from '../src/core/tools';
import { HeadTailBuffer } from '../src/core/text/output-buffer';
import { ProcessManager } from '../src/host/processes/process-manager';
import { createBuiltinToolFactories } from '../src/tools';
import { createInMemoryHost } from '../test/support/in-memory-host';

const ROUNDS = 10;
const READY_TARGET_MS = 100;
const READ_TARGET_MS = 100;
const MEMORY_TARGET_MB = 8;
const NODE = JSON.stringify(process.execPath);
/** Prints its URL after a random short delay, with the wall-clock time (µs) it printed it. */
const SERVER = `${NODE} -e "setTimeout(()=>{const t=performance.timeOrigin+performance.now();process.stdout.write('  Local: http://localhost:4173/ @'+t.toFixed(3)+'\\n')},150+Math.random()*100);setInterval(()=>{},1000)"`;

const root = mkdtempSync(join(tmpdir(), 'relay-bench-proc-'));
const verdicts: { name: string; met: boolean; detail: string }[] = [];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

function context(taskId: string): { ctx: ToolContext; result: () => string; metadata: () => Record<string, unknown> | undefined } {
  let text = '';
  let meta: Record<string, unknown> | undefined;
  const ctx: ToolContext = {
    callId: 'c',
    taskId,
    signal: new AbortController().signal,
    setToolResult: (_id, content) => void (text = String(content)),
    sendToolStatus: (_id, status, options) => void (status === 'SUCCESS' && (meta = options?.metadata)),
    completeTask: () => undefined,
    log: { warn: () => undefined },
  };
  return { ctx, result: () => text, metadata: () => meta };
}

async function readyLatency(): Promise<void> {
  const manager = new ProcessManager({ logDir: join(root, 'logs') });
  const host = createInMemoryHost({ root, processes: manager });
  host.files.mkdir(root);
  const tool = () => createBuiltinToolFactories(host.services).find((t) => t.name === 'run_command')!.factory({ taskId: 'bench' });
  const relay: number[] = [];
  const bare: number[] = [];
  /** Rounds whose call returned without the printed URL: a failed measurement, never a number in the median. */
  const failed: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Relay: the tool call returns once the URL is seen.
    const c = context(`bench-${i}`);
    await tool().execute({ command: SERVER, background: true }, c.ctx, false);
    const printed = /@([\d.]+)/.exec(c.result())?.[1];
    if (printed === undefined) failed.push(`round ${i + 1}: ${c.result().slice(0, 300)}`);
    else relay.push(now() - Number(printed));
    await manager.stopAll(`bench-${i}`);
    // Baseline: a bare reader of the same kind of stream.
    const child = spawn('/bin/sh', ['-c', SERVER], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const seen = await new Promise<number>((resolve) => {
      let buffered = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        buffered += d;
        const match = /http:\/\/localhost:\d+\/ @([\d.]+)/.exec(buffered);
        if (match) resolve(now() - Number(match[1]));
      });
    });
    bare.push(seen);
    process.kill(-child.pid!, 'SIGKILL');
  }
  await manager.dispose();
  if (failed.length > 0) {
    for (const f of failed) console.log(`no URL in the result of ${f}`);
    verdicts.push({ name: 'ready latency', met: false, detail: `${failed.length} of ${ROUNDS} rounds returned without the URL (a failed measurement)` });
    return;
  }
  const m = median(relay);
  console.log(`ready latency (ms, ${ROUNDS} rounds, load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores): relay median ${m.toFixed(1)} max ${Math.max(...relay).toFixed(1)} | bare pipe reader median ${median(bare).toFixed(1)} max ${Math.max(...bare).toFixed(1)}`);
  verdicts.push({ name: 'ready latency', met: m <= READY_TARGET_MS, detail: `median ${m.toFixed(1)} ms (target ≤ ${READY_TARGET_MS})` });
}

async function readOneMegabyte(): Promise<void> {
  const manager = new ProcessManager({ logDir: join(root, 'logs') });
  const host = createInMemoryHost({ root, processes: manager });
  host.files.mkdir(root);
  const { info } = await manager.start({ taskId: 'bench', command: `${NODE} -e "const l='x'.repeat(99)+'\\n';process.stdout.write(l.repeat(10486));setInterval(()=>{},1000)"`, cwd: root, background: true });
  const p = manager.process(info.id)!;
  while (p.ring.end < 1_048_600) await new Promise((r) => setTimeout(r, 10));
  const c = context('bench');
  const started = performance.now();
  await createBuiltinToolFactories(host.services).find((t) => t.name === 'read_output')!.factory({ taskId: 'bench' }).execute({ id: info.id }, c.ctx, false);
  const relayMs = performance.now() - started;
  const text = ('x'.repeat(99) + '\n').repeat(10486); // the same 1 MB the process printed
  const held = p.ring.end - p.ring.start;
  const baseStarted = performance.now();
  const buffer = new HeadTailBuffer();
  buffer.append(text);
  const baseline = buffer.toString().length;
  const baseMs = performance.now() - baseStarted;
  await manager.dispose();
  console.log(
    `read_output on ${(text.length / 1_048_576).toFixed(2)} MB of new output (${(held / 1_048_576).toFixed(2)} MB of it in memory, the rest in the log): relay ${relayMs.toFixed(1)} ms (result ${c.result().length} chars) | the old runner's head-and-tail buffer over all of it ${baseMs.toFixed(1)} ms (${baseline} chars)`,
  );
  verdicts.push({ name: 'read_output 1 MB', met: relayMs <= READ_TARGET_MS, detail: `${relayMs.toFixed(1)} ms (target ≤ ${READ_TARGET_MS})` });
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
}

async function idleMemory(): Promise<void> {
  const command = (i: number) => `${NODE} -e "console.log('Local: http://localhost:${5200 + i}/');process.stdout.write(('log line '+'.'.repeat(90)+'\\n').repeat(655));setInterval(()=>{},1000)" # ${i}`;
  // Baseline: 8 plain children with pipes, their output read and dropped.
  const before = heapMb();
  const plain = Array.from({ length: 8 }, (_, i) => {
    const child = spawn('/bin/sh', ['-c', command(i)], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    child.stdout.resume();
    return child;
  });
  await new Promise((r) => setTimeout(r, 1500));
  const plainMb = heapMb() - before;
  for (const child of plain) process.kill(-child.pid!, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 300));

  const manager = new ProcessManager({ logDir: join(root, 'logs') });
  const start = heapMb();
  for (let i = 0; i < 8; i++) await manager.start({ taskId: 'bench', command: command(i), cwd: root, background: true });
  const ids = manager.list('bench').map((p) => p.id);
  for (const id of ids) {
    const p = manager.process(id)!;
    while (p.ring.end < 60_000) await new Promise((r) => setTimeout(r, 10));
  }
  const relayMb = heapMb() - start;
  await manager.dispose();
  console.log(`heap growth with 8 idle processes (64 KB of output each): relay ${relayMb.toFixed(2)} MB | 8 plain piped children ${plainMb.toFixed(2)} MB`);
  verdicts.push({ name: 'memory of 8 idle processes', met: relayMb <= MEMORY_TARGET_MB, detail: `${relayMb.toFixed(2)} MB (target ≤ ${MEMORY_TARGET_MB})` });
}

async function main(): Promise<void> {
  try {
    await readyLatency();
    await readOneMegabyte();
    await idleMemory();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  for (const v of verdicts) console.log(`${v.met ? 'met ' : 'MISSED'} ${v.name}: ${v.detail}`);
  if (verdicts.some((v) => !v.met)) process.exitCode = 1;
}

void main();
