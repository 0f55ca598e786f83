// Gemini function calls streamed in pieces (issue 25). With `streamFunctionCallArguments` (Vertex AI, and
// gateways that pass it on) one call arrives over several `functionCall` parts: the first names the function
// and says `willContinue: true`; the next carry no name, only `partialArgs` (a JSON path such as `$.path` or
// `$.edits[0].old` and a value; a string value may itself continue in the next piece); the last says nothing
// more (`willContinue` absent or false). The pieces are assembled into the one call they form.
import type * as Gemini from '@google/genai';
import { l10n } from '../l10n';

/** A piece that cannot be placed: the turn fails with this rather than run a call made of guesses. */
export class GeminiPartialArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeminiPartialArgsError';
  }
}

type Json = Record<string, unknown> | unknown[];

export class StreamedCall {
  readonly args: Record<string, unknown>;
  /** The path whose string value said it continues in the next piece. */
  private continuing: string | undefined;

  constructor(
    readonly callId: string,
    readonly name: string,
    args: Record<string, unknown> | undefined,
  ) {
    this.args = { ...(args ?? {}) };
  }

  /** Applies one continuation part; returns true when it was the last. */
  add(call: Gemini.FunctionCall): boolean {
    if (call.args) Object.assign(this.args, call.args);
    for (const piece of call.partialArgs ?? []) this.apply(piece);
    return !call.willContinue;
  }

  private apply(piece: Gemini.PartialArg): void {
    const path = piece.jsonPath ?? '';
    const keys = parseJsonPath(path);
    if (!keys || keys.length === 0) throw new GeminiPartialArgsError(l10n.t('Gemini streamed an argument of {0} at a path Relay cannot read ("{1}").', this.name, path));
    const value = valueOf(piece);
    let parent: Json = this.args;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i]!;
      const next: unknown = (parent as Record<string | number, unknown>)[key];
      if (typeof next === 'object' && next !== null) parent = next as Json;
      else {
        const made: Json = typeof keys[i + 1] === 'number' ? [] : {};
        (parent as Record<string | number, unknown>)[key] = made;
        parent = made;
      }
    }
    const last = keys[keys.length - 1]!;
    const holder = parent as Record<string | number, unknown>;
    const previous = holder[last];
    // A string that continues is appended to; any other value replaces what the path held.
    holder[last] = this.continuing === path && typeof previous === 'string' && typeof value === 'string' ? previous + value : value;
    this.continuing = piece.willContinue && typeof value === 'string' ? path : undefined;
  }
}

function valueOf(piece: Gemini.PartialArg): unknown {
  if (piece.stringValue !== undefined) return piece.stringValue;
  if (piece.numberValue !== undefined) return piece.numberValue;
  if (piece.boolValue !== undefined) return piece.boolValue;
  if (piece.nullValue !== undefined) return null;
  return '';
}

/** `$.a.b[0]['c d']` → ['a', 'b', 0, 'c d']; undefined for anything else (filters, wildcards, slices). */
export function parseJsonPath(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const keys: (string | number)[] = [];
  let i = 1;
  while (i < path.length) {
    if (path[i] === '.') {
      const match = /^[A-Za-z_$][\w$-]*/.exec(path.slice(i + 1));
      if (!match) return undefined;
      keys.push(match[0]);
      i += 1 + match[0].length;
    } else if (path[i] === '[') {
      const rest = path.slice(i);
      const index = /^\[(\d+)\]/.exec(rest);
      const quoted = /^\[(['"])((?:\\.|(?!\1).)*)\1\]/.exec(rest);
      if (index) {
        keys.push(Number(index[1]));
        i += index[0].length;
      } else if (quoted) {
        keys.push(quoted[2]!.replace(/\\(.)/g, '$1'));
        i += quoted[0].length;
      } else return undefined;
    } else return undefined;
  }
  // Keys that would reach an object's prototype are never written.
  return keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype') ? undefined : keys;
}
