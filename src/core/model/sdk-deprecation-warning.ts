// The Anthropic SDK prints "The model 'X' is deprecated and will reach end-of-life on <date>" with
// console.warn on every request that names a deprecated model, from inside `messages.create()` before that
// call returns (it has no option or logger for it). Relay tells the user once, in a notice with a switch
// button, instead: this runs such a call with that one warning caught and handed to `onWarning`, and every
// other console output untouched. The window is synchronous, so no other code can warn inside it.

const WARNING = /^The model '([^']+)' is deprecated and will reach end-of-life on ([^\n]+)/;

export interface SdkDeprecationWarning {
  model: string;
  /** As the SDK words it, e.g. "November 30th, 2026". */
  endOfLife: string;
}

export function catchingSdkDeprecationWarning<T>(call: () => T, onWarning: (warning: SdkDeprecationWarning) => void = () => {}): T {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const match = typeof args[0] === 'string' ? WARNING.exec(args[0]) : null;
    if (match) onWarning({ model: match[1]!, endOfLife: match[2]!.trim() });
    else original.apply(console, args);
  };
  try {
    return call();
  } finally {
    console.warn = original;
  }
}
