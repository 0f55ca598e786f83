// Credentials in text that goes to the model from a terminal (the `@terminal` mention, the terminal's Explain and
// Fix with Relay): a command's output reaches the conversation, its history on disk and the provider, so a token a
// build printed, an `env` dump or a `.env` file someone ran `cat` on must not go with it. Two kinds are replaced by
// `[redacted]`: the values of the credential-shaped variables of the environment the terminals inherit (exact
// matches, whatever their shape), and text shaped like a credential (well-known token prefixes, private key blocks,
// an Authorization header, a URL's password, `NAME=value` where NAME names a credential). Pure.
import { isCredentialVariable } from '../sandbox/credential-variables';

export const REDACTED = '[redacted]';
/** Shorter values are not real secrets, and replacing them would mangle ordinary words. */
const MIN_VALUE_LENGTH = 8;

/** The values to scrub from an environment: credential-shaped variables, and the password of any URL-valued one. */
export function credentialValues(env: Readonly<Record<string, string | undefined>>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (isCredentialVariable(name) && value.length >= MIN_VALUE_LENGTH) values.add(value);
    const password = urlPassword(value);
    if (password && password.length >= MIN_VALUE_LENGTH) values.add(password);
  }
  // Longest first, so a value that contains another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** Text shaped like a credential, whatever environment printed it. Each match's secret part is the last group or the whole. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g, // GitLab
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, // Slack
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bsk-(?:ant-|proj-|live_|test_)?[A-Za-z0-9_-]{20,}\b/g, // OpenAI, Anthropic, Stripe
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs
];

const PRIVATE_KEY = /(-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----)[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|$)/g;
/** `Authorization: Bearer x`, `authorization=Basic x`, `-H 'X-Api-Key: x'`: the header's value. */
const HEADER = /\b((?:proxy-)?authorization|x-api-key|api-key|x-auth-token)(["']?\s*[:=]\s*["']?)((?:bearer|basic|token)\s+)?([^\s"',;]+)/gi;
/** `scheme://user:password@host`: the password. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)([^\s/@]+)@/gi;
/** `NAME=value`, `NAME="value"`, `"name": "value"`: the value, when NAME names a credential. */
const ASSIGNMENT = /(["']?)\b([A-Za-z_][A-Za-z0-9_.-]*)\1(\s*=\s*|\s*:\s*(?=["']))("[^"\n]*"|'[^'\n]*'|[^\s"'&;,]+)/g;

/** `text` with every known value and every credential-shaped string replaced by `[redacted]`. */
export function scrubTerminalSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const value of known) if (value.length >= MIN_VALUE_LENGTH) out = out.split(value).join(REDACTED);
  out = out.replace(PRIVATE_KEY, (_m, begin: string, end: string) => `${begin}\n${REDACTED}\n${end}`);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, REDACTED);
  out = out.replace(HEADER, (m, name: string, sep: string, scheme: string | undefined, value: string) => (value === REDACTED ? m : `${name}${sep}${scheme ?? ''}${REDACTED}`));
  out = out.replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`);
  out = out.replace(ASSIGNMENT, (m, quote: string, name: string, sep: string, value: string) => {
    if (!isCredentialVariable(name.replace(/[.-]/g, '_')) || unquote(value) === '' || value.includes(REDACTED)) return m;
    const q = value.startsWith('"') || value.startsWith("'") ? value[0]! : '';
    return `${quote}${name}${quote}${sep}${q}${REDACTED}${q}`;
  });
  return out;
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
}

function urlPassword(value: string): string | undefined {
  if (!value.includes('://') || !value.includes('@')) return undefined;
  try {
    const password = new URL(value.trim()).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}
