// The JSON file the diagnostics benchmark edits, and the errors it puts in and takes out again. No schema is
// associated with the file name, so only the JSON language server's syntax validation runs (nothing is fetched).

export const BENCH_FILE_NAME = 'bench-settings.json';

export const CLEAN_JSON = `${JSON.stringify(
  {
    name: 'relay-bench',
    version: '2.4.1',
    description: 'A settings file of the size agents usually edit',
    server: { host: '127.0.0.1', port: 8080, tls: { enabled: false, certificate: null }, timeouts: { readMs: 5000, writeMs: 5000 } },
    features: { search: true, preview: true, telemetry: false, experimental: ['streaming', 'batching'] },
    logging: { level: 'info', destinations: [{ type: 'file', path: 'logs/relay.log' }, { type: 'console' }] },
    limits: { maxFiles: 200, maxBytes: 1048576, maxDepth: 12 },
  },
  null,
  2,
)}\n`;

export interface JsonError {
  name: string;
  /** The clean text with the error in it: one small edit, as a model makes. */
  apply(clean: string): string;
}

/** Syntax errors of the kinds models make in JSON, each a one-line edit of the clean file. */
export const JSON_ERRORS: readonly JsonError[] = [
  { name: 'trailing comma', apply: (t) => replaceOnce(t, '"maxDepth": 12', '"maxDepth": 12,') },
  { name: 'missing comma', apply: (t) => replaceOnce(t, '"port": 8080,', '"port": 8080') },
  { name: 'unquoted key', apply: (t) => replaceOnce(t, '"level": "info"', 'level: "info"') },
  { name: 'missing value', apply: (t) => replaceOnce(t, '"telemetry": false', '"telemetry": ') },
  { name: 'single quotes', apply: (t) => replaceOnce(t, '"version": "2.4.1"', "'version': '2.4.1'") },
];

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) throw new Error(`"${from}" must occur exactly once in the bench file`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
