// The environment commands run with: the window's without Relay's own credentials, plus settings that keep tools from waiting for a person who is
// not there, where the tool itself offers one. Each is chosen for what it changes; CI=1 is not among them (it
// changes what test runners, bundlers and installers do, not only whether they ask).

export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = {
  // Pagers wait for a key press on a long diff or log.
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  // git asks for credentials on the terminal; without one it fails at once instead. GCM likewise.
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  // `git commit` without -m, `git merge` without --no-edit: an editor that returns at once keeps the message given.
  GIT_EDITOR: 'true',
  // apt/dpkg configuration questions take their defaults.
  DEBIAN_FRONTEND: 'noninteractive',
  // pip's confirmations are answered no (it says to pass -y) instead of waiting.
  PIP_NO_INPUT: '1',
  // Output reaches the pipe as it is printed: Python buffers a pipe, which would hide a server's banner.
  PYTHONUNBUFFERED: '1',
  // Plain text: the model and the cards read it; colours would only be stripped again.
  TERM: 'dumb',
  NO_COLOR: '1',
};

/** The providers' key variables (Anthropic, OpenAI and Azure OpenAI, Gemini), as the SDKs and users name them. */
const PROVIDER_KEYS = new Set(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY', 'AZURE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY']);

/** Relay's own credentials, which never reach a command (sandboxed or not): the providers' keys and Relay's secrets. */
export function isRelaySecret(name: string): boolean {
  const upper = name.toUpperCase();
  return PROVIDER_KEYS.has(upper) || (upper.startsWith('RELAY_') && /KEY|TOKEN|SECRET|PASSWORD/.test(upper));
}

export function withoutRelaySecrets(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !isRelaySecret(name)));
}

export function commandEnvironment(base: NodeJS.ProcessEnv = process.env, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined && !isRelaySecret(key)) env[key] = value;
  // A colour forced on by the window would fight NO_COLOR.
  delete env.FORCE_COLOR;
  return { ...env, ...NON_INTERACTIVE_ENV, ...extra };
}
