// A task's background processes belong to the task (issue 27): a turn ending, a condense, a new task or reopening
// it never stop them; deleting the task does. The controller reaches processes only through taskDeleted (wired to
// the manager's forgetTask in composition/chat-and-tasks.ts), so the fake stands in for the manager there. A checkpoint restore is not
// here: its real flow (restore-flow.ts) runs in VS Code, and the integration suite checkpoints.test.ts restores past
// a server's start through the Relay's own wiring and checks the server by pid.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AgentSession } from '../../../src/core/agent';
import { TaskController } from '../../../src/host/session/task-controller';
import type { TaskRecord } from '../../../src/core/ports/task-store';
import { inertControllerDeps } from '../../support/controller-deps';
import { FakeProcesses } from '../../support/fake-processes';
import { aborted, complete, ENVIRONMENT, MemoryTaskStore, registryOf, ScriptedProvider, SummarizingProvider, testTool, turn, until } from '../agent/fakes';

const big = Array.from({ length: 40 }, (_, i) => `line ${i}: ${'x'.repeat(40)}`).join('\n');

describe('task controller: a task keeps its processes', () => {
  test('past its turns, a condense and a switch to another task; deleting the task stops them', async () => {
    const processes = new FakeProcesses();
    const deleted: string[] = [];
    const noop = testTool('noop', 'readonly', async (_params, ctx) => ctx.setToolResult(ctx.callId, big));
    const call = (id: string) => turn(id, { id, name: 'noop', args: { path: id } });
    const scripted = new ScriptedProvider([call('a'), call('b'), call('c'), complete('d', 'Server up.'), complete('e', 'Still up.')]);
    const provider = new SummarizingProvider(scripted, '## Goal\nServe.\n\n## Open items\n- none');
    const store = new MemoryTaskStore();
    let n = 0;
    const session = (record?: TaskRecord) => new AgentSession({ provider, registry: registryOf(noop), environment: ENVIRONMENT, store, newId: () => `id-${++n}`, logger: { warn: () => {} } }, record);
    const controller = new TaskController(
      inertControllerDeps(store, async (record) => session(record), {
        taskDeleted: async (id) => {
          deleted.push(id);
          await processes.stopAll(id);
        },
      }),
    );

    await controller.send('Start the dev server');
    await until(() => controller.session?.state.status === 'completed', 'the first turn to end');
    const id = controller.session!.id;
    const server = processes.add(id, [5173]);
    const other = processes.add('another-task', [3000]);

    await controller.send('Check it again');
    await until(() => controller.session?.state.status === 'completed' && scripted.requests.length === 5, 'the second turn to end');
    await controller.condense();
    assert.equal(provider.summaryRequests.length, 1, 'the condense ran');
    await controller.session!.flush();
    await controller.handle({ type: 'newTask' });
    await controller.handle({ type: 'openTask', id });
    assert.deepEqual(processes.stopped, [], 'nothing stopped');
    assert.equal(processes.get(server)?.state, 'ready');

    await controller.handle({ type: 'deleteTask', id });
    assert.deepEqual(deleted, [id]);
    assert.deepEqual(processes.stopped, [server], "the task's own process, not another task's");
    assert.equal(processes.get(other)?.state, 'ready');
  });

  test('Stop on a running turn keeps the processes, and the chat says how many run and where to stop them', async () => {
    const processes = new FakeProcesses();
    const store = new MemoryTaskStore();
    const provider = new ScriptedProvider([(_request, signal) => (async function* () { await aborted(signal); })(), (_request, signal) => (async function* () { await aborted(signal); })()]);
    let n = 0;
    const session = (record?: TaskRecord) => new AgentSession({ provider, registry: registryOf(), environment: ENVIRONMENT, store, newId: () => `id-${++n}`, logger: { warn: () => {} } }, record);
    const controller = new TaskController(
      inertControllerDeps(store, async (record) => session(record), {
        liveProcesses: (id) => processes.list(id).filter((p) => p.background && p.state !== 'exited' && p.state !== 'stopped').length,
      }),
    );
    const notices = () => controller.session!.transcript.filter((item) => item.kind === 'notice').map((item) => (item as { text: string }).text);

    await controller.send('Start the servers');
    await until(() => controller.isRunning, 'the turn to run');
    const id = controller.session!.id;
    processes.add(id, [5173]);
    processes.add(id, [3000]);
    processes.add('another-task', [4000]);
    await controller.handle({ type: 'cancelTask' });
    await until(() => controller.session?.state.status === 'cancelled', 'the cancel');
    assert.deepEqual(processes.stopped, [], 'nothing stopped');
    assert.ok(notices().some((text) => /^2 background processes of this task keep running\./.test(text)), notices().join('\n'));

    await controller.handle({ type: 'cancelTask' });
    assert.equal(notices().filter((text) => /keep running/.test(text)).length, 1, 'no notice when no turn was running');
  });
});

