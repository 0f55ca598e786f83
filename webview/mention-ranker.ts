// The webview's copy of the "@" index, so the list follows each key without a round trip to the extension host
// (another process): a list's first key is answered by the host, whose answer says what the webview needs to
// rank the next keys itself (the index's generation, the open editors, the descriptions); the index itself
// comes only when its generation changed, and is built between frames. Until it is built, and for a list whose
// first answer has not come, the host answers every key as before. The ranking is the host's own code
// (src/shared/mentions/rank.ts), so both give the same list.
import type { MentionSuggestion } from '../src/shared/chat-model';
import { PathIndex } from '../src/shared/mentions/path-index';
import { rankMentionsBy } from '../src/shared/mentions/rank';
import type { MentionRanking } from '../src/shared/protocol';

/** Paths described per step, and the time a run of steps may take before it yields to the page. */
const STEP_PATHS = 1_000;
const SLICE_MS = 5;
/**
 * The longest a key may wait for the list ranked here: with the list's drawing and the frame, the typed
 * character still shows within a frame. A search that would take longer (a rare query over a large index) stops
 * and the host answers that key, as it does for a list's first key.
 */
const RANK_BUDGET_MS = 12;
const WARM_UP_PATHS = 1_000;

export class MentionRanker {
  /** The index once built; `building` while its copy is read and built. */
  private index: PathIndex | undefined;
  private building: object | undefined;
  private generation = 0;
  private ranking: MentionRanking | undefined;
  /** The first query of the list shown: only its answer's ranking is used. */
  private list = -1;

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
      this.later(() => warmUp(paths));
    };
    this.later(slice);
  }

  /** The list for `query` ranked here, or undefined when the host must answer. */
  rank(query: string): MentionSuggestion[] | undefined {
    const { index, ranking } = this;
    if (!index?.built || !ranking || ranking.generation !== this.generation) return undefined;
    return rankMentionsBy(query, { index, openEditors: ranking.openEditors, details: ranking.details, deadline: { now: this.now, until: this.now() + RANK_BUDGET_MS } });
  }
}

/**
 * A fresh page runs the ranking's code unoptimised: the first keys over a large index took 30-100 ms each. A few
 * searches over a small index of the same paths (a few milliseconds) get it compiled before the next key.
 */
function warmUp(paths: readonly string[]): void {
  const sample = paths.slice(0, WARM_UP_PATHS);
  const small = new PathIndex(sample);
  for (const path of sample.filter((_, i) => i % (WARM_UP_PATHS / 10) === 0)) {
    const name = path.toLowerCase().replace(/[^a-z0-9]/g, '');
    for (let i = 1; i <= Math.min(6, name.length); i++) small.search(name.slice(0, i), { limit: 50, preferred: new Set([sample[1]!]) });
  }
}
