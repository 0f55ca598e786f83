// The text protocol for models without native tool calling (behaviour 27): calls written in the assistant's
// text as `<tool_call name="read_file">{"path": "a.ts"}</tool_call>` (the form describe-markdown.ts teaches),
// found while the text streams and turned into the same ToolCallStreamEvents a native provider emits, plus
// the text outside calls. Work per delta is proportional to the delta; tags may be split anywhere.
import type { ToolCallStreamEvent } from '../model/events';

export type TextProtocolEvent = { type: 'text_delta'; text: string } | ToolCallStreamEvent;

export const TOOL_CALL_TAG = 'tool_call';
const OPEN = `<${TOOL_CALL_TAG}`;
const CLOSE = `</${TOOL_CALL_TAG}>`;
/** An opening tag longer than this is not ours: it is shown as text rather than held back forever. */
const MAX_OPEN_TAG = 256;
const NAME_ATTRIBUTE = /^\s+name\s*=\s*(?:"([^"]*)"|'([^']*)')\s*(\/?)$/;

const TEXT = 0;
const OPEN_TAG = 1;
const CALL = 2;

export interface TextProtocolOptions {
  /** Ids for calls found in text; defaults to `text_call_1`, `text_call_2`, ... */
  newCallId?: () => string;
}

export class TextToolCallParser {
  private state = TEXT;
  /** How many characters of OPEN (in TEXT) or CLOSE (in CALL) are matched and held back. */
  private match = 0;
  private tagText = '';
  private callId = '';
  /** JSON lexical state inside a call, so "</tool_call>" inside a JSON string does not end the call. */
  private inString = false;
  private escaped = false;
  private counter = 0;
  private readonly newCallId: () => string;
  private out: TextProtocolEvent[] = [];

  constructor(options: TextProtocolOptions = {}) {
    this.newCallId = options.newCallId ?? (() => `text_call_${++this.counter}`);
  }

  /** Events for this delta; adjacent text (or argument) pieces are merged into one event. */
  feed(delta: string): TextProtocolEvent[] {
    this.out = [];
    let i = 0;
    while (i < delta.length) {
      if (this.state === TEXT) i = this.scanText(delta, i);
      else if (this.state === OPEN_TAG) i = this.scanOpenTag(delta, i);
      else i = this.scanCall(delta, i);
    }
    return this.out;
  }

  /** Flushes what was held back. An unterminated call ends here; its arguments are judged by the JSON parser. */
  end(): TextProtocolEvent[] {
    this.out = [];
    if (this.state === TEXT && this.match > 0) this.text(OPEN.slice(0, this.match));
    else if (this.state === OPEN_TAG) this.text(OPEN + this.tagText);
    else if (this.state === CALL) {
      if (this.match > 0) this.args(CLOSE.slice(0, this.match));
      this.out.push({ type: 'tool_call_end', callId: this.callId });
    }
    this.state = TEXT;
    this.match = 0;
    return this.out;
  }

  private scanText(delta: string, i: number): number {
    if (this.match === 0) {
      const lt = delta.indexOf('<', i);
      if (lt < 0) {
        this.text(delta.slice(i));
        return delta.length;
      }
      if (lt > i) this.text(delta.slice(i, lt));
      this.match = 1;
      return lt + 1;
    }
    const c = delta[i]!;
    if (this.match < OPEN.length) {
      if (c === OPEN[this.match]) {
        this.match++;
        return i + 1;
      }
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      this.state = OPEN_TAG;
      this.match = 0;
      this.tagText = '';
      return i; // the whitespace belongs to the attributes
    }
    // Not our tag: release what was held and look at this character afresh.
    this.text(OPEN.slice(0, this.match));
    this.match = 0;
    return i;
  }

  private scanOpenTag(delta: string, i: number): number {
    const gt = delta.indexOf('>', i);
    const end = gt < 0 ? delta.length : gt;
    this.tagText += delta.slice(i, end);
    if (this.tagText.length > MAX_OPEN_TAG) {
      this.text(OPEN + this.tagText);
      this.state = TEXT;
      return end;
    }
    if (gt < 0) return end;
    const attributes = NAME_ATTRIBUTE.exec(this.tagText);
    const name = attributes ? (attributes[1] ?? attributes[2] ?? '').trim() : '';
    if (!name) {
      this.text(`${OPEN}${this.tagText}>`);
      this.state = TEXT;
      return gt + 1;
    }
    this.callId = this.newCallId();
    this.out.push({ type: 'tool_call_start', callId: this.callId, name });
    if (attributes![3]) {
      // Self-closing: a call without arguments.
      this.out.push({ type: 'tool_call_end', callId: this.callId });
      this.state = TEXT;
    } else {
      this.state = CALL;
      this.inString = false;
      this.escaped = false;
      this.match = 0;
    }
    return gt + 1;
  }

  private scanCall(delta: string, i: number): number {
    if (this.match > 0) {
      const c = delta[i]!;
      if (c === CLOSE[this.match]) {
        if (++this.match === CLOSE.length) {
          this.out.push({ type: 'tool_call_end', callId: this.callId });
          this.state = TEXT;
          this.match = 0;
        }
        return i + 1;
      }
      this.args(CLOSE.slice(0, this.match));
      this.match = 0;
      return i;
    }
    const start = i;
    for (; i < delta.length; i++) {
      const c = delta.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
      } else if (c === 34) this.inString = true;
      else if (c === 60) {
        if (i > start) this.args(delta.slice(start, i));
        this.match = 1;
        return i + 1;
      }
    }
    this.args(delta.slice(start));
    return delta.length;
  }

  private text(text: string): void {
    if (!text) return;
    const last = this.out[this.out.length - 1];
    if (last?.type === 'text_delta') last.text += text;
    else this.out.push({ type: 'text_delta', text });
  }

  private args(text: string): void {
    if (!text) return;
    const last = this.out[this.out.length - 1];
    if (last?.type === 'tool_call_delta') last.argsDelta += text;
    else this.out.push({ type: 'tool_call_delta', callId: this.callId, argsDelta: text });
  }
}
