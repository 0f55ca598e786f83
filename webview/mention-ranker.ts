// The webview's copy of the "@" index, so the list follows each key without a round trip to the extension host
// (another process): a list's first key is answered by the host, whose answer says what the webview needs to
// rank the next keys itself (the index's generation, the open editors, the descriptions); the index itself
// comes only when its generation changed, and is built between frames. Until it is built, and for a list whose
// first answer has not come, the host answers every key as before. The ranking is the host's own code
// (src/shared/mentions/rank.ts), so both give the same list. A key's search runs in the input handler for at
// most RANK_BUDGET_MS; a longer one (a rare query over a large index) goes on in later tasks, after the frame
// that shows the key, and draws the list when it ends unless a newer key came.
import type { MentionSuggestion } from '../src/shared/chat-model';
import { PathIndex } from '../src/shared/mentions/path-index';
import { MAX_SUGGESTIONS, rankMentionsSteps } from '../src/shared/mentions/rank';
import type { MentionRanking } from '../src/shared/protocol';

/** Paths described per step, and the time a run of steps may take before it yields to the page. */
const STEP_PATHS = 1_000;
const SLICE_MS = 5;
/**
 * The longest a key's search runs before the frame that shows the key: with the list's drawing (about 1 ms), the
 * typed character still shows within a 16.7 ms frame. A search that outlasts it goes on after that frame and its
 * list comes a frame or more later, so the budget is as long as a frame allows: at 12 ms, 19 of 365 keys of the '@'
 * bench went over it at load 5-6 (key to list p95 19.1 ms, next frame p95 27.9 ms); at 14 ms, 7 of 365 at load 4-5.7
 * (13.5 ms and 18.4 ms).
 */
const RANK_BUDGET_MS = 14;
const WARM_UP_SEARCHES = 24;

export class MentionRanker {
  /** The index once built; `building` while its copy is read and built. */
  private index: PathIndex | undefined;
  private building: object | undefined;
  private generation = 0;
  private ranking: MentionRanking | undefined;
  /** The first query of the list shown: only its answer's ranking is used. */
  private list = -1;
  /** The search going on in later tasks (a newer key's or a warm-up's search ends it), and its slice's end. */
  private pending: object | undefined;
  private sliceEnd = 0;
  private readonly pause = () => this.now() > this.sliceEnd;

  constructor(
    /** Runs a function in a later task. */
    private readonly later: (run: () => void) => void,
    private readonly now: () => number,
  ) {}

  /** The generation of the index held or being built; 0 for none. */
  get indexGeneration(): number {
    return this.generation;
  }

  /** A list opened with the query `requestId`: the host answers its keys until that query's answer comes. */
  listOpened(requestId: number): void {
    this.list = requestId;
    this.ranking = undefined;
  }

  /** An answer from the host: the one to the list's first query brings the ranking. */
  answered(requestId: number, ranking: MentionRanking | undefined): void {
    if (ranking && requestId === this.list) this.ranking = ranking;
  }

  /**
   * A new index: read from the text and built in slices of SLICE_MS, each in its own task, so typing goes on
   * meanwhile (105,000 paths take about 30 slices).
   */
  receiveIndex(generation: number, text: string): void {
    // Lists opened while the host's first build ran all asked for it: the copy held or being built is kept.
    if (generation === this.generation) return;
    this.generation = generation;
    this.index = undefined;
    const token = {};
    this.building = token;
    const paths: string[] = [];
    let at = 0;
    let index: PathIndex | undefined;
    const slice = () => {
      // Replaced by a newer index: this one is dropped unfinished.
      if (this.building !== token) return;
      const end = this.now() + SLICE_MS;
      while (at <= text.length) {
        const next = text.indexOf('\0', at);
        paths.push(text.slice(at, next < 0 ? text.length : next));
        at = next < 0 ? text.length + 1 : next + 1;
        if (paths.length % STEP_PATHS === 0 && this.now() >= end) return this.later(slice);
      }
      index ??= new PathIndex(text ? paths : [], { inSteps: true });
      while (!index.buildSteps(STEP_PATHS)) if (this.now() >= end) return this.later(slice);
      this.index = index;
      this.building = undefined;
      this.warmUp(index, warmUpQueries(paths));
    };
    this.later(slice);
  }

  /**
   * A new page runs the ranking's code unoptimised, on data it has not touched: the first keys over 105,000
   * paths took 60-180 ms each in Chromium, many times a warm search. Searches of the index itself, one per task
   * and stopped at SLICE_MS, block no key and cut the first 40 keys' search time by about a fifth (Chromium,
   * 4 fresh pages each way: 587-624 ms against 728-867 ms). (The index ranks the same whatever was searched
   * before.)
   */
  private warmUp(index: PathIndex, queries: string[]): void {
    if (this.index !== index) return;
    // After a key's search going on: the warm-up would end it.
    if (this.pending) return this.later(() => this.warmUp(index, queries));
    const query = queries.shift();
    if (query === undefined) return;
    this.sliceEnd = this.now() + SLICE_MS;
    // One slice each; one that does not end is dropped (never resumed).
    index.searchSteps(query, { limit: MAX_SUGGESTIONS }, this.pause).next();
    this.later(() => this.warmUp(index, queries));
  }

  /**
   * The list for `query` ranked here; 'later' when its search goes on in later tasks (`show` gets the list then,
   * unless a newer key's search came first); undefined when the host must answer.
   */
  rank(query: string, show: (items: MentionSuggestion[]) => void): MentionSuggestion[] | 'later' | undefined {
    const { index, ranking } = this;
    if (!index?.built || !ranking || ranking.generation !== this.generation) return undefined;
    this.sliceEnd = this.now() + RANK_BUDGET_MS;
    const steps = rankMentionsSteps(query, { index, openEditors: ranking.openEditors, details: ranking.details }, this.pause);
    const first = steps.next();
    if (first.done) {
      this.pending = undefined;
      return first.value;
    }
    const token = {};
    this.pending = token;
    const slice = () => {
      if (this.pending !== token) return;
      this.sliceEnd = this.now() + SLICE_MS;
      const step = steps.next();
      if (!step.done) return this.later(slice);
      this.pending = undefined;
      show(step.value);
    };
    this.later(slice);
    return 'later';
  }
}

/**
 * The queries that warm a new index up: prefixes of a few of its names, from one letter on (the widest searches,
 * which touch every path's features).
 */
function warmUpQueries(paths: readonly string[]): string[] {
  const queries = new Set<string>();
  for (let k = 0; k < paths.length && queries.size < WARM_UP_SEARCHES; k += Math.max(1, Math.floor(paths.length / 7))) {
    const name = paths[k]!.toLowerCase().replace(/^.*\/(?=.)/, '').replace(/[^a-z0-9]/g, '');
    for (let i = 1; i <= Math.min(4, name.length); i++) queries.add(name.slice(0, i));
  }
  return [...queries].slice(0, WARM_UP_SEARCHES);
}
