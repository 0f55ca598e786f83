// The "@" list for a query, from the workspace paths' index and a few facts the host gives (open editors, the
// keywords' descriptions in the display language): the keyword mentions that match, then workspace files and
// folders ranked by the fuzzy index (open editors first), or the URL itself when the query is one. Pure: the
// host answers with it, and the webview ranks with it too once it holds the index (no round trip per key).
import type { MentionSuggestion } from '../chat-model';
import { isSubsequence } from './fuzzy';
import { MENTION_KEYWORDS, type MentionKeyword, mentionToken } from './parse';
import { type Pause, type PathIndex, runToEnd } from './path-index';

export const MAX_SUGGESTIONS = 50;

/** What the list says of each keyword, of a URL and of an open editor, in the display language. */
export type MentionDetails = Record<MentionKeyword | 'url' | 'openEditor', string>;

export interface RankOptions {
  /** Workspace files and folders (folders end in "/"); undefined while the index is being built. */
  index: PathIndex | undefined;
  /** Workspace-relative paths of the open editors, most recent first. */
  openEditors: readonly string[];
  details: MentionDetails;
  limit?: number;
}

export function rankMentions(query: string, options: RankOptions): MentionSuggestion[] {
  return runToEnd(rankMentionsSteps(query, options));
}

/** `rankMentions` in steps: the index's search stops where `pause` says (see PathIndex.searchSteps). */
export function* rankMentionsSteps(query: string, options: RankOptions, pause?: Pause): Generator<void, MentionSuggestion[], void> {
  const limit = options.limit ?? MAX_SUGGESTIONS;
  const trimmed = query.trim();
  if (/^https?:\/\/\S+/i.test(trimmed)) {
    try {
      const url = new URL(trimmed).href;
      return [{ kind: 'url', label: url, token: mentionToken({ kind: 'url', url }), detail: options.details.url }];
    } catch {
      return [];
    }
  }
  const lower = trimmed.toLowerCase();
  const out: MentionSuggestion[] = [];
  for (const keyword of MENTION_KEYWORDS) {
    if (!lower || isSubsequence(lower, keyword)) out.push({ kind: keyword, label: keyword, token: `@${keyword}`, detail: options.details[keyword] });
  }
  // A keyword the query begins is surely what is meant: it leads. Other matching keywords follow the files.
  const exact = out.filter((s) => s.label.startsWith(lower));
  const keywords = lower ? exact : out;
  const preferred = new Set(options.openEditors);
  const seen = new Set<string>();
  const files: MentionSuggestion[] = [];
  if (!lower) {
    for (const path of options.openEditors) {
      if (files.length >= limit || seen.has(path)) continue;
      seen.add(path);
      files.push(pathSuggestion(path, [], options.details.openEditor));
    }
  }
  const paths = options.index ? yield* options.index.searchSteps(lower, { limit, preferred }, pause) : [];
  for (const ranked of paths) {
    if (seen.has(ranked.path)) continue;
    seen.add(ranked.path);
    files.push(pathSuggestion(ranked.path, ranked.matches, preferred.has(ranked.path) ? options.details.openEditor : undefined));
  }
  const otherKeywords = lower ? out.filter((s) => !s.label.startsWith(lower)) : [];
  return [...keywords, ...files, ...otherKeywords].slice(0, limit);
}

function pathSuggestion(path: string, matches: number[], note: string | undefined): MentionSuggestion {
  const folder = path.endsWith('/');
  const trimmed = folder ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf('/');
  const parent = slash >= 0 ? trimmed.slice(0, slash) : '';
  const detail = [parent, note].filter(Boolean).join(' · ');
  const suggestion: MentionSuggestion = { kind: folder ? 'folder' : 'file', label: path, token: mentionToken({ kind: 'path', path }) };
  if (detail) suggestion.detail = detail;
  if (matches.length) suggestion.matches = matches;
  return suggestion;
}

/** Every folder of a list of files, each once, ending in "/": the index offers folders too. */
export function withFolders(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    // A folder is added with all its parents: a file whose folder is known adds nothing (most files).
    const end = file.lastIndexOf('/') + 1;
    if (end === 0 || folders.has(file.slice(0, end))) continue;
    for (let i = file.indexOf('/'); i >= 0 && i < end; i = file.indexOf('/', i + 1)) folders.add(file.slice(0, i + 1));
  }
  return [...folders, ...files];
}
