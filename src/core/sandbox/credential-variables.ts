// Environment variables that hold credentials (issue 36 §4). A sandboxed command does not receive them: a build
// rarely needs one, and a command that has one can print it into the conversation or send it to an allowed
// registry. The user names the few a build really needs (`relay.sandbox.allowCredentialVariables`, a user-only
// setting); a workspace cannot. The same test tells the command checks which `$NAME` would print a credential.
// Names are split at `_` and judged word by word, so `GIT_AUTHOR_NAME` and `TOKENIZERS_PARALLELISM` are not
// credentials while `NODE_AUTH_TOKEN`, `PGPASSWORD`, `MYSQL_PWD` and `SENTRY_DSN` are.

/** Words that name a credential wherever they stand in a word (`PGPASSWORD`, `GITHUBTOKEN`, `CLIENT_SECRET`). */
const INSIDE = ['SECRET', 'PASSWORD', 'PASSWD', 'PASSPHRASE', 'CREDENTIAL', 'APIKEY', 'PRIVATEKEY', 'AUTHTOKEN'];
/** Words that end a word of the name (`NPM_TOKEN`, `GITHUBTOKEN`, `SSHPASS`). */
const ENDINGS = ['TOKEN', 'TOKENS', 'PASS'];
/** Whole words of the name (`API_KEY`, `NPM_CONFIG__AUTH`, `GH_PAT`, `SENTRY_DSN`, `MYSQL_PWD`, `SLACK_WEBHOOK_URL`). */
const WORDS = new Set(['KEY', 'KEYS', 'AUTH', 'OAUTH', 'AUTHORIZATION', 'PAT', 'DSN', 'PWD', 'COOKIE', 'COOKIES', 'CREDS', 'WEBHOOK', 'CERTPASS']);
/** Well-known names the words miss: a connection string carries its password. */
const KNOWN = new Set(['DATABASE_URL', 'REDIS_URL', 'MONGODB_URI', 'MONGO_URL', 'MONGO_URI', 'AMQP_URL', 'CLOUDAMQP_URL', 'RABBITMQ_URL']);
/** Names that match a word above but hold no credential: the shell's working directories. */
const NOT_CREDENTIALS = new Set(['PWD', 'OLDPWD']);

/** Whether an environment variable's name says it holds a credential. */
export function isCredentialVariable(name: string): boolean {
  const upper = name.toUpperCase();
  if (NOT_CREDENTIALS.has(upper)) return false;
  if (KNOWN.has(upper) || upper.endsWith('_DATABASE_URL') || upper.endsWith('_CONNECTION_STRING')) return true;
  const words = upper.split(/_+/).filter((w) => w !== '');
  return words.some((w) => WORDS.has(w) || INSIDE.some((i) => w.includes(i)) || ENDINGS.some((e) => w.endsWith(e)));
}

/** Whether a value carries a password of its own: a URL with one (`https://user:ghp_x@github.com`, a proxy's). */
export function valueHoldsCredential(value: string): boolean {
  if (!value.includes('@') || !value.includes('://')) return false;
  try {
    return new URL(value.trim()).password !== '';
  } catch {
    return false;
  }
}

/**
 * Whether a user's entry allows a variable through: the exact name, or a prefix ending in `*` (`NPM_*`); names
 * compared ignoring case, as Windows and npm read them.
 */
export function allowedThrough(name: string, allowed: readonly string[]): boolean {
  const upper = name.toUpperCase();
  return allowed.some((entry) => {
    const e = entry.trim().toUpperCase();
    if (e === '' || e === '*') return false; // a bare `*` would hand every credential over: not taken
    return e.endsWith('*') ? upper.startsWith(e.slice(0, -1)) : upper === e;
  });
}

export interface SandboxEnvironment {
  env: Record<string, string>;
  /** The names left out, for the log (never their values). */
  removed: string[];
}

/** The environment a sandboxed command receives: every credential left out but those the user allowed. */
export function sandboxEnvironment(env: Record<string, string>, allowed: readonly string[] = []): SandboxEnvironment {
  const kept: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if ((isCredentialVariable(name) || valueHoldsCredential(value)) && !allowedThrough(name, allowed)) removed.push(name);
    else kept[name] = value;
  }
  return { env: kept, removed };
}
