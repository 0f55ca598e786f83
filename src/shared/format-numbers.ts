// The one number formatter for every figure people read, in the host (the model picker, modals) and in the
// webview (the header's meter, cards, chips): token counts, context windows, costs and prices, sizes and
// durations, in VS Code's display language (`vscode.env.language`). English keeps the chat's compact style
// ("12k", "1.1M", "$0.04", "1.3 s"); another language gets its own digits, grouping, compact units and unit
// names from Intl ("1.2万", "US$0.04", "1.3秒"). Each figure has one function, so the same window reads the same
// in the picker and the header.

/** Numbers in one language. */
export class NumberFormats {
  readonly language: string;
  private readonly formats = new Map<string, Intl.NumberFormat>();

  /** `tag` is a BCP 47 tag such as `zh-cn`; an unknown or invalid tag gives English. */
  constructor(tag?: unknown) {
    this.language = supportedLanguage(tag);
  }

  private get english(): boolean {
    return /^en(-|$)/i.test(this.language);
  }

  private format(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
    let found = this.formats.get(key);
    if (!found) this.formats.set(key, (found = new Intl.NumberFormat(this.language, options)));
    return found;
  }

  private fixed(n: number, digits: number): string {
    return this.format(`fixed${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
  }

  /** Up to `digits` decimals, none when they would be zeros ("5", "5.2"). */
  private upTo(n: number, digits: number): string {
    return this.format(`upTo${digits}`, { maximumFractionDigits: digits }).format(n);
  }

  /** 1234 → "1,234" (en), "1,234" (zh-cn), "1.234" (de). Exact counts: a tooltip, the condensed card. */
  count(n: number): string {
    return this.format('count', {}).format(n);
  }

  /** A token count in a few characters: "850", "1.2k", "12k", "1.1M" in English; "1.2万" in Chinese. */
  compact(n: number): string {
    if (n < 1000) return this.count(n);
    if (!this.english) return this.format('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
    if (n < 1_000_000) return `${this.fixed(n / 1000, n < 10_000 ? 1 : 0)}k`;
    return `${this.fixed(n / 1_000_000, 1)}M`;
  }

  /** A model's context window, the same in the picker and in the header's meter: "200k", "1.1M", "100万". */
  window(tokens: number): string {
    return this.compact(tokens);
  }

  /** A cost in US dollars with `digits` decimals: "$0.0300" (en), "US$0.0300" (zh-cn). */
  usd(usd: number, digits: number): string {
    if (this.english) return `$${this.fixed(usd, digits)}`;
    return this.format(`usd${digits}`, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(usd);
  }

  /** A price per million tokens: at least two decimals, up to four for fractions of a cent ("$2.50", "$0.075"). */
  price(usdPerMTok: number): string {
    if (this.english) return `$${this.format('price', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(usdPerMTok)}`;
    return this.format('usdPrice', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(usdPerMTok);
  }

  /** "850 ms", "1.3 s", "2 min 5 s" in English; the language's own unit names otherwise ("1.3秒"). */
  duration(ms: number): string {
    if (this.english) {
      if (ms < 1000) return `${Math.round(ms)} ms`;
      if (ms < 60_000) return `${this.fixed(ms / 1000, 1)} s`;
      return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
    }
    const unit = (name: string, digits: number) =>
      this.format(`${name}${digits}`, { style: 'unit', unit: name, unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits });
    if (ms < 1000) return unit('millisecond', 0).format(Math.round(ms));
    if (ms < 60_000) return unit('second', 1).format(ms / 1000);
    return `${unit('minute', 0).format(Math.floor(ms / 60_000))} ${unit('second', 0).format(Math.round((ms % 60_000) / 1000))}`;
  }

  /**
   * A size in bytes: "850 B", "12.4 KB", "121 KB", "5 MB", in units of 1024 as the limits are set (an image up
   * to 5 MB is 5 × 1024 × 1024 bytes), the number in the language's digits.
   */
  size(bytes: number): string {
    if (bytes < 1024) return `${this.count(bytes)} B`;
    if (bytes < 1024 * 1024) return `${this.upTo(bytes / 1024, bytes < 10 * 1024 ? 1 : 0)} KB`;
    return `${this.upTo(bytes / (1024 * 1024), 1)} MB`;
  }

  /** A date and time as the language writes it. */
  dateTime(when: Date): string {
    return when.toLocaleString(this.language);
  }
}

function supportedLanguage(tag: unknown): string {
  if (typeof tag !== 'string' || !tag) return 'en';
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en';
  } catch {
    return 'en';
  }
}

/** English numbers, for text the model reads (it stays English whatever the display language). */
export const englishNumbers = new NumberFormats('en');

// The current language, for the webview (set from `init`) and the host (set from `vscode.env.language`).
let current = new NumberFormats('en');

/** Uses `tag` from now on; an unknown or invalid tag keeps English. Returns whether it changed. */
export function useLanguage(tag: unknown): boolean {
  const next = new NumberFormats(tag);
  const changed = next.language !== current.language;
  current = next;
  return changed;
}

export function currentLanguage(): string {
  return current.language;
}

/** The formats of the current language. */
export function numbers(): NumberFormats {
  return current;
}

export const formatCount = (n: number): string => current.count(n);
export const formatCompact = (n: number): string => current.compact(n);
export const formatWindow = (tokens: number): string => current.window(tokens);
export const formatUsd = (usd: number, digits: number): string => current.usd(usd, digits);
export const formatPrice = (usdPerMTok: number): string => current.price(usdPerMTok);
export const formatDuration = (ms: number): string => current.duration(ms);
export const formatSize = (bytes: number): string => current.size(bytes);
export const formatDateTime = (when: Date): string => current.dateTime(when);
