// The variables VS Code resolves in mcp.json: `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`,
// `${env:NAME}`, `${pathSeparator}` (`${/}`) and `${input:id}` (asked once, kept in SecretStorage).
import { l10n } from '../l10n';
import type { McpServerConfig, McpTransportConfig } from './config';

export interface VariableContext {
  workspaceFolder?: string;
  userHome: string;
  env: Readonly<Record<string, string | undefined>>;
  pathSeparator: string;
  /** Answers to `${input:id}`, by id. */
  inputs: Readonly<Record<string, string>>;
}

const VARIABLE = /\$\{([^}]+)\}/g;

export class UnresolvedVariableError extends Error {
  constructor(readonly variables: string[]) {
    super(`Cannot resolve ${variables.map((v) => '${' + v + '}').join(', ')}`);
    this.name = 'UnresolvedVariableError';
  }
}

/** Every string of the transport, so callers can scan or map them together. */
function mapStrings(transport: McpTransportConfig, map: (value: string) => string): McpTransportConfig {
  const record = <V extends string | null>(r: Record<string, V>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? v : map(v)]));
  if (transport.type === 'stdio') {
    return {
      type: 'stdio',
      command: map(transport.command),
      args: transport.args.map(map),
      env: record(transport.env),
      ...(transport.envFile !== undefined ? { envFile: map(transport.envFile) } : {}),
      ...(transport.cwd !== undefined ? { cwd: map(transport.cwd) } : {}),
    };
  }
  return { type: transport.type, url: map(transport.url), headers: record(transport.headers) as Record<string, string> };
}

/** The `${input:id}` ids a server needs, in order of first use. */
export function inputIdsOf(server: McpServerConfig): string[] {
  const ids: string[] = [];
  mapStrings(server.transport, (value) => {
    for (const match of value.matchAll(VARIABLE)) {
      const id = /^input:(.+)$/.exec(match[1]!)?.[1];
      if (id && !ids.includes(id)) ids.push(id);
    }
    return value;
  });
  return ids;
}

function resolveOne(name: string, ctx: VariableContext, keepInputs: boolean): string | undefined {
  if (name === 'workspaceFolder' || name === 'workspaceRoot') return ctx.workspaceFolder;
  if (name === 'workspaceFolderBasename') return ctx.workspaceFolder?.split(/[\\/]/).filter(Boolean).pop();
  if (name === 'userHome') return ctx.userHome;
  if (name === 'pathSeparator' || name === '/') return ctx.pathSeparator;
  if (name.startsWith('env:')) return ctx.env[name.slice(4)] ?? '';
  if (name.startsWith('input:')) return keepInputs ? '${' + name + '}' : ctx.inputs[name.slice(6)];
  return undefined;
}

/** The transport with every variable replaced; throws UnresolvedVariableError naming what is missing. */
export function resolveTransport(server: McpServerConfig, ctx: VariableContext, options: { keepInputs?: boolean } = {}): McpTransportConfig {
  const missing: string[] = [];
  const resolved = mapStrings(server.transport, (value) =>
    value.replace(VARIABLE, (whole, name: string) => {
      const replacement = resolveOne(name, ctx, options.keepInputs ?? false);
      if (replacement === undefined) {
        if (!missing.includes(name)) missing.push(name);
        return whole;
      }
      return replacement;
    }),
  );
  if (missing.length) throw new UnresolvedVariableError(missing);
  return resolved;
}

/** What the user confirms: the command line and directory, or the URL; inputs (maybe secrets) stay as variables. */
export function describeLaunch(transport: McpTransportConfig): string {
  if (transport.type !== 'stdio') {
    const headers = Object.keys(transport.headers);
    return `${transport.type === 'sse' ? 'HTTP+SSE' : 'HTTP'} ${transport.url}${headers.length ? `\n${l10n.t('Headers: {0}', headers.join(', '))}` : ''}`;
  }
  const line = [transport.command, ...transport.args].map(quoteArg).join(' ');
  const env = Object.keys(transport.env);
  // In the display language: the modal's words (seen in English in the zh-cn E2E's start question).
  return [
    l10n.t('Command: {0}', line),
    ...(transport.cwd ? [l10n.t('Working directory: {0}', transport.cwd)] : []),
    ...(env.length ? [l10n.t('Environment: {0}', env.join(', '))] : []),
    ...(transport.envFile ? [l10n.t('Environment file: {0}', transport.envFile)] : []),
  ].join('\n');
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./${}-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** `KEY=value` lines of an env file (comments, `export`, quotes); later lines win. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else value = value.replace(/\s+#.*$/, '');
    env[match[1]!] = value;
  }
  return env;
}
