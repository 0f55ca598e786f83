// A second extension, as any other installed extension would be: it asks VS Code for Relay and reports what Relay
// gave it. Loaded from --extensionDevelopmentPath beside Relay installed from its .vsix (so Relay runs in
// ExtensionMode.Production, as it does for users); foreign-extension.test.ts reads the report.
import * as vscode from 'vscode';

export interface ProbeReport {
  found: boolean;
  /** Where Relay was loaded from (the installed copy, not the repository). */
  relayPath: string | undefined;
  /** What `activate()` resolved to and what `exports` holds afterwards, described without calling anything. */
  activated: Described;
  exports: Described;
  /** The probe's own mode (Test: it runs under the test runner). */
  ownMode: vscode.ExtensionMode;
  /** Relay's secret names read with the probe's own SecretStorage: VS Code keeps them per extension. */
  secretsSeen: string[];
}

export interface Described {
  type: string;
  /** Own and inherited property names, functions included. */
  names: string[];
}

export async function activate(context: vscode.ExtensionContext): Promise<ProbeReport> {
  const relay = vscode.extensions.getExtension('relay-dev.relay');
  const activated = relay ? await relay.activate() : undefined;
  const secretsSeen: string[] = [];
  for (const provider of ['anthropic', 'openai', 'openai-compatible', 'gemini', 'azure-openai']) {
    if (await context.secrets.get(`relay.apiKey.${provider}`)) secretsSeen.push(provider);
  }
  return {
    found: Boolean(relay),
    relayPath: relay?.extensionPath,
    activated: describe(activated),
    exports: describe(relay?.exports),
    ownMode: context.extensionMode,
    secretsSeen,
  };
}

function describe(value: unknown): Described {
  const names = new Set<string>();
  for (let o: unknown = value; o !== null && (typeof o === 'object' || typeof o === 'function') && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) names.add(name);
  }
  return { type: value === null ? 'null' : typeof value, names: [...names].sort() };
}
