// An MCP server's tool list checked against its pins: the first list pins every definition; afterwards only the
// tools whose definitions match are offered, and a changed or new tool waits until the user accepts the change
// (tool-review.ts asks). What was skipped or cleaned for the prompt is logged to the server's own channel.
import { buildMcpToolEntries } from '../../core/mcp/catalog';
import { showHidden } from '../../core/mcp/hidden-text';
import { compareWithPins, definitionsForDiff, needsReview, pinTools } from '../../core/mcp/tool-pins';
import type { McpToolInfo } from '../../core/ports/mcp';
import { type Entry, logFor } from './server-entry';
import type { ToolPinStore } from './tool-pins';
import { toolChangeReview, type ToolChangeReviewer } from './tool-review';

/**
 * The server's list, checked against its pins: the first list pins them; afterwards only the tools whose
 * definitions match are offered, and a changed or new tool waits for `askAboutChanges`. A removed tool just goes.
 */
export async function setTools(entry: Entry, tools: McpToolInfo[], store: ToolPinStore): Promise<void> {
  entry.tools = tools;
  const pins = await store.use(entry.fingerprint);
  const log = logFor(entry);
  if (!pins) {
    await store.set(entry.fingerprint, pinTools(tools));
    entry.offered = tools;
    delete entry.held;
    log.info(`Pinned the definitions of ${tools.length} tool(s); a change will be shown and asked about before it reaches the model`);
  } else {
    const changes = compareWithPins(pins, tools);
    const unchanged = new Set(changes.unchanged);
    entry.offered = tools.filter((t) => unchanged.has(t.name));
    if (needsReview(changes)) entry.held = changes;
    else delete entry.held;
    for (const c of changes.changed) log.warn(`Tool "${showHidden(c.name)}" changed its definition since it was confirmed: not offered until the change is accepted`);
    for (const c of changes.added) log.warn(`Tool "${showHidden(c.name)}" is new since the server was confirmed: not offered until the change is accepted`);
    if (changes.removed.length) log.info(`No longer listed: ${changes.removed.map(showHidden).join(', ')}`);
  }
  const built = buildMcpToolEntries([{ serverName: entry.config.name, tools: entry.offered, connection: () => entry.connection! }], new Set());
  entry.skipped = built.skipped;
  entry.cleaned = built.cleaned;
  log.info(`${tools.length} tool(s): ${tools.map((t) => showHidden(String(t.name))).join(', ')}`);
  for (const s of entry.skipped) log.warn(`Tool "${s.toolName}" is not offered: ${s.reason}`);
  for (const c of entry.cleaned) {
    if (c.hiddenRemoved) log.warn(`Tool "${c.toolName}": ${c.hiddenRemoved} hidden character(s) removed from its definition before the model sees it`);
    if (c.cut) log.warn(`Tool "${c.toolName}": ${c.cut} long text(s) of its definition cut for the prompt`);
  }
}

/**
 * Asks about the held change until it is settled: accepting pins exactly the list the question showed (then a
 * list that changed again meanwhile is compared with those pins and asked about in turn); rejecting keeps the
 * changed and new tools off. Stops when the server was stopped or restarted (`generation` moved on).
 */
export async function askAboutChanges(entry: Entry, generation: number, pins: ToolPinStore, reviewTools: ToolChangeReviewer): Promise<void> {
  while (entry.held && !entry.changeRejected && entry.generation === generation) {
    const shown = entry.tools;
    const held = entry.held;
    const review = toolChangeReview(entry.config.name, entry.config.origin, held, definitionsForDiff(held, pins.get(entry.fingerprint) ?? {}));
    let accepted = false;
    try {
      accepted = await reviewTools(review);
    } catch (error) {
      logFor(entry).warn(`Could not ask about the tool change: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (entry.generation !== generation) return;
    if (!accepted) {
      entry.changeRejected = true;
      logFor(entry).warn('The tool change was rejected: the changed and new tools stay off until a restart or "Review Tool Changes"');
      return;
    }
    await pins.set(entry.fingerprint, pinTools(shown));
    logFor(entry).info('The tool change was accepted and pinned');
    await setTools(entry, entry.tools, pins);
  }
}
