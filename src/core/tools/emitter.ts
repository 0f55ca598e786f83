// Minimal typed events in the VS Code style: subscribe with `event(listener)`, unsubscribe with `dispose()`.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => void) => Disposable;

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  /** A throwing listener must not break the runtime or the other listeners. */
  fire(value: T, onListenerError?: (error: unknown) => void): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        onListenerError?.(error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
