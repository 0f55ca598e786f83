// A repository's commit style, read from its recent subjects (newest first), so a generated message reads like the
// ones around it: Conventional Commits prefixes (and the types and scopes in use), the language people write in, how
// long a subject usually is, whether it starts with a capital and ends with a full stop. Pure and unit-tested.

export interface CommitStyle {
  /** How many subjects were read. */
  count: number;
  /** Most subjects start with `type(scope)!: `. */
  conventional: boolean;
  /** The types in use, most frequent first (only when conventional). */
  types: string[];
  /** The scopes in use, most frequent first (only when conventional). */
  scopes: string[];
  /** The script most subjects are written in. */
  language: CommitLanguage;
  /** The median subject length in characters, and the longest usual one (90th percentile). */
  medianLength: number;
  longLength: number;
  /** Most subjects (after any prefix) start with a capital letter; most end with a full stop. */
  capitalized: boolean;
  fullStop: boolean;
}

/** The script the subjects are written in (a Latin script does not tell English from French: the examples do). */
export type CommitLanguage = 'latin' | 'chinese' | 'japanese' | 'korean' | 'cyrillic' | 'other';

/** `type(scope)!: description`, as Conventional Commits 1.0 writes it. */
const CONVENTIONAL = /^([a-z][a-z0-9-]*)(?:\(([^()\r\n]+)\))?!?: \S/i;

/** With no history to read: the common default. */
export const DEFAULT_STYLE: CommitStyle = {
  count: 0,
  conventional: false,
  types: [],
  scopes: [],
  language: 'latin',
  medianLength: 50,
  longLength: 72,
  capitalized: true,
  fullStop: false,
};

export function commitStyle(subjects: readonly string[]): CommitStyle {
  const lines = subjects.map((s) => s.trim()).filter((s) => s.length > 0 && !/^(Merge|Revert) /.test(s));
  if (lines.length === 0) return DEFAULT_STYLE;
  const prefixed = lines.map((s) => CONVENTIONAL.exec(s));
  const conventional = prefixed.filter(Boolean).length * 2 > lines.length;
  const descriptions = lines.map((s, i) => (prefixed[i] ? s.slice(s.indexOf(':') + 1).trim() : s));
  const lengths = lines.map((s) => [...s].length).sort((a, b) => a - b);
  const startsCased = descriptions.filter((d) => /^\p{L}/u.test(d) && d[0]!.toLowerCase() !== d[0]!.toUpperCase());
  return {
    count: lines.length,
    conventional,
    types: conventional ? byFrequency(prefixed.flatMap((m) => (m ? [m[1]!.toLowerCase()] : []))) : [],
    scopes: conventional ? byFrequency(prefixed.flatMap((m) => (m?.[2] ? [m[2]] : []))) : [],
    language: languageOf(descriptions),
    medianLength: lengths[Math.floor(lengths.length / 2)]!,
    longLength: lengths[Math.min(lengths.length - 1, Math.floor(lengths.length * 0.9))]!,
    capitalized: startsCased.length > 0 && startsCased.filter((d) => d[0] === d[0]!.toUpperCase()).length * 2 > startsCased.length,
    fullStop: lines.filter((s) => /[.。]$/.test(s)).length * 2 > lines.length,
  };
}

function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v]) => v);
}

/** The script most subjects are in (each subject votes; Japanese: kana present, Chinese: Han without kana). */
function languageOf(texts: readonly string[]): CommitLanguage {
  const votes = new Map<CommitLanguage, number>();
  for (const text of texts) {
    const language = scriptOf(text);
    votes.set(language, (votes.get(language) ?? 0) + 1);
  }
  return [...votes].sort((a, b) => b[1] - a[1])[0]![0];
}

function scriptOf(text: string): CommitLanguage {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const han = count(/\p{Script=Han}/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const cyrillic = count(/\p{Script=Cyrillic}/gu);
  const latin = count(/\p{Script=Latin}/gu);
  const other = Math.max(kana + han, hangul, cyrillic);
  // An ideograph says more than a letter, and subjects in other scripts quote identifiers in Latin ("添加 JSON 输出").
  if (other === 0 || other * 3 < latin) return latin > 0 ? 'latin' : 'other';
  if (other === kana + han) return kana > 0 ? 'japanese' : 'chinese';
  return other === hangul ? 'korean' : 'cyrillic';
}
