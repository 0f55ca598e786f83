// Numbers as VS Code's display language writes them (vscode.env.language, sent in `init`): token counts, cost,
// sizes and durations. English keeps the chat's compact style ("12k", "$0.04", "1.3 s"); another language gets
// its own digits, grouping, compact units and unit names from Intl ("1.2万", "US$0.04", "1.3秒").

let language = 'en';
const formats = new Map<string, Intl.NumberFormat>();

/** Uses `tag` (a BCP 47 tag such as `zh-cn`) from now on; an unknown or invalid tag keeps English. Returns whether it changed. */
export function useLanguage(tag: unknown): boolean {
  let next = 'en';
  if (typeof tag === 'string' && tag) {
    try {
      next = Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en';
    } catch {
      next = 'en';
    }
  }
  const changed = next !== language;
  language = next;
  formats.clear();
  return changed;
}

export function currentLanguage(): string {
  return language;
}

function english(): boolean {
  return /^en(-|$)/i.test(language);
}

function format(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.NumberFormat(language, options)));
  return found;
}

function fixed(n: number, digits: number): string {
  return format(`fixed${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** 1234 → "1,234" (en), "1,234" (zh-cn), "1.234" (de). */
export function formatCount(n: number): string {
  return format('count', {}).format(n);
}

/** A token count in a few characters: "850", "1.2k", "12k", "1.0M" in English; "1.2万" in Chinese. */
export function formatCompact(n: number): string {
  if (n < 1000) return formatCount(n);
  if (!english()) return format('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  if (n < 1_000_000) return `${fixed(n / 1000, n < 10_000 ? 1 : 0)}k`;
  return `${fixed(n / 1_000_000, 1)}M`;
}

/** A cost in US dollars with `digits` decimals: "$0.0300" (en), "US$0.0300" (zh-cn). */
export function formatUsd(usd: number, digits: number): string {
  if (english()) return `$${fixed(usd, digits)}`;
  return format(`usd${digits}`, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(usd);
}

/** "850 ms", "1.3 s", "2 min 5 s" in English; the language's own unit names otherwise ("1.3秒"). */
export function formatDuration(ms: number): string {
  if (english()) {
    if (ms < 1000) return `${Math.round(ms)} ms`;
    if (ms < 60_000) return `${fixed(ms / 1000, 1)} s`;
    return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
  }
  const unit = (name: string, digits: number) => format(`${name}${digits}`, { style: 'unit', unit: name, unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (ms < 1000) return unit('millisecond', 0).format(Math.round(ms));
  if (ms < 60_000) return unit('second', 1).format(ms / 1000);
  return `${unit('minute', 0).format(Math.floor(ms / 60_000))} ${unit('second', 0).format(Math.round((ms % 60_000) / 1000))}`;
}

/** A size with the usual byte units: "850 B", "12.4 KB", "1.2 MB", the number in the language's digits. */
export function formatSize(chars: number): string {
  if (chars < 1000) return `${formatCount(chars)} B`;
  if (chars < 1_000_000) return `${fixed(chars / 1000, chars < 10_000 ? 1 : 0)} KB`;
  return `${fixed(chars / 1_000_000, 1)} MB`;
}

/** A date and time as the language writes it. */
export function formatDateTime(when: Date): string {
  return when.toLocaleString(language);
}
