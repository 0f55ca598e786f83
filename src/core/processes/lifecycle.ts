// The states of a process a task started, and which changes are allowed: it starts, may become ready (a URL,
// a listening port or the model's ready pattern), may stop to wait for input and go on once answered or once it
// prints again, and ends exited (by itself) or stopped (by Relay or the user). Ended is final.
import type { ProcessState } from '../ports/processes';

const NEXT: Record<ProcessState, readonly ProcessState[]> = {
  starting: ['ready', 'waiting-for-input', 'exited', 'stopped'],
  ready: ['waiting-for-input', 'exited', 'stopped'],
  'waiting-for-input': ['starting', 'ready', 'exited', 'stopped'],
  exited: [],
  stopped: [],
};

export function isLive(state: ProcessState): boolean {
  return state !== 'exited' && state !== 'stopped';
}

export class ProcessLifecycle {
  private current: ProcessState = 'starting';
  private becameReady = false;
  private question: string | undefined;

  get state(): ProcessState {
    return this.current;
  }

  get prompt(): string | undefined {
    return this.current === 'waiting-for-input' ? this.question : undefined;
  }

  get wasReady(): boolean {
    return this.becameReady;
  }

  /** Returns whether the state changed. */
  ready(): boolean {
    this.becameReady = true;
    return this.move(this.current === 'waiting-for-input' ? 'waiting-for-input' : 'ready');
  }

  waitingForInput(line: string): boolean {
    if (!isLive(this.current)) return false;
    const changed = this.current !== 'waiting-for-input' || this.question !== line;
    this.question = line;
    this.move('waiting-for-input');
    return changed;
  }

  /** New output or an answer: a waiting process is running again. */
  resumed(): boolean {
    if (this.current !== 'waiting-for-input') return false;
    this.question = undefined;
    return this.move(this.becameReady ? 'ready' : 'starting');
  }

  ended(by: 'exit' | 'stop'): boolean {
    return this.move(by === 'exit' ? 'exited' : 'stopped');
  }

  private move(to: ProcessState): boolean {
    if (to === this.current) return false;
    if (!NEXT[this.current].includes(to)) return false;
    this.current = to;
    return true;
  }
}
