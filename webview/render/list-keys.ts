// The keys of the composer's pop-up lists (the "@" mentions, the "/" commands): arrows move, Enter or Tab picks
// (not with Shift, not while an IME composes), Escape closes. True when the key was the list's.
export interface KeyedList<T> {
  readonly items: readonly T[];
  readonly active: number;
  move(step: 1 | -1): void;
  onPick(item: T): void;
  close(): void;
}

export function listKey<T>(event: KeyboardEvent, list: KeyedList<T>): boolean {
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      list.move(event.key === 'ArrowDown' ? 1 : -1);
      return true;
    case 'Enter':
    case 'Tab': {
      if (event.shiftKey || event.isComposing) return false;
      const item = list.items[list.active];
      if (item === undefined) return false;
      list.onPick(item);
      return true;
    }
    case 'Escape':
      list.close();
      return true;
    default:
      return false;
  }
}
