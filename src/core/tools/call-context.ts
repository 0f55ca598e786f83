// The ToolContext a call's tool receives: the model channel (exactly one result per completed call) and the
// UI channel (merged statuses). A tool's own SUCCESS/ERROR is held until the runtime finishes the call, so
// the UI gets exactly one terminal status, after truncation and bookkeeping.
import type { CallLifecycle, CallRecord } from './call-lifecycle';
import type { ToolStatusKind, ToolStatusOptions } from './status-types';
import type { ToolContext, ToolLogger, ToolResultContent, ToolResultOptions } from './types';

/**
 * Which run of the call the context serves. Only the final run may set the model result, end the call or
 * complete the task: a partial run sees unvalidated arguments (behaviour 6), and `prepare` reports by
 * returning its ToolPreparation, before anyone has approved the call.
 */
export type CallPhase = 'partial' | 'prepare' | 'final';

export function createCallContext(
  record: CallRecord,
  lifecycle: CallLifecycle,
  taskId: string,
  logger: ToolLogger,
  phase: CallPhase,
): ToolContext {
  const final = phase === 'final';
  const ownCall = (callId: string, channel: string): boolean => {
    if (callId === record.callId) return true;
    logger.warn(`${record.name} reported on the ${channel} channel for call ${callId}, not its own ${record.callId}; ignored`);
    return false;
  };
  // Once the call has an outcome (e.g. it timed out), late reports from the tool change nothing.
  const open = () => !record.outcome;

  return {
    callId: record.callId,
    taskId,
    signal: record.controller.signal,
    log: logger,
    setToolResult(callId: string, content: ToolResultContent, options: ToolResultOptions = {}) {
      if (phase === 'prepare') logger.warn(`${record.name} set a result while preparing call ${callId}; ignored`);
      if (!final || !open() || !ownCall(callId, 'model')) return;
      if (record.result) {
        logger.warn(`${record.name} set a second result for call ${callId}; the first one is kept`);
        return;
      }
      record.result = { content, options };
    },
    sendToolStatus(callId: string, status: Exclude<ToolStatusKind, 'CANCELLED'>, options: ToolStatusOptions = {}) {
      if (!open() || !ownCall(callId, 'UI')) return;
      if (status === 'SUCCESS' || status === 'ERROR') {
        if (!final) return; // only the final run ends a call
        record.heldTerminal = { status, options };
        lifecycle.send(record, 'DOING', options, false);
        return;
      }
      lifecycle.send(record, status, options, phase === 'partial');
    },
    completeTask(result: string) {
      if (final && open()) record.completion = result;
    },
  };
}
