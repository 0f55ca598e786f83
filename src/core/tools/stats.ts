// Statistics per tool (behaviour 23), counted once per completed final execution; partial runs never count.

export interface ToolStats {
  executions: number;
  successes: number;
  failures: number;
  cancellations: number;
  totalDurationMs: number;
  averageDurationMs: number;
}

export type ExecutionOutcome = 'success' | 'error' | 'cancelled';

const EMPTY: ToolStats = {
  executions: 0,
  successes: 0,
  failures: 0,
  cancellations: 0,
  totalDurationMs: 0,
  averageDurationMs: 0,
};

export class ToolStatistics {
  private readonly byTool = new Map<string, ToolStats>();

  record(toolName: string, outcome: ExecutionOutcome, durationMs: number): void {
    const stats = { ...(this.byTool.get(toolName) ?? EMPTY) };
    stats.executions++;
    if (outcome === 'success') stats.successes++;
    else if (outcome === 'error') stats.failures++;
    else stats.cancellations++;
    stats.totalDurationMs += durationMs;
    stats.averageDurationMs = stats.totalDurationMs / stats.executions;
    this.byTool.set(toolName, stats);
  }

  get(toolName: string): ToolStats {
    return { ...(this.byTool.get(toolName) ?? EMPTY) };
  }

  all(): Record<string, ToolStats> {
    return Object.fromEntries([...this.byTool].map(([name, stats]) => [name, { ...stats }]));
  }

  reset(): void {
    this.byTool.clear();
  }
}
