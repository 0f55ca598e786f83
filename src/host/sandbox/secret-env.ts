// Relay's own credentials never reach a command: the API keys of the providers Relay talks to, as the SDKs and
// users name them, and anything of Relay's own that looks like a secret.

/** The providers' key variables (Anthropic, OpenAI and Azure OpenAI, Gemini). */
const PROVIDER_KEYS = new Set(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY', 'AZURE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY']);

export function isRelaySecret(name: string): boolean {
  const upper = name.toUpperCase();
  return PROVIDER_KEYS.has(upper) || (upper.startsWith('RELAY_') && /KEY|TOKEN|SECRET|PASSWORD/.test(upper));
}

export function withoutRelaySecrets(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !isRelaySecret(name)));
}
