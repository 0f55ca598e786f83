// Reading hook definitions from the JSON files teams already have: Claude Code's settings (`hooks` → event →
// matcher groups → handlers), VS Code Copilot's and the Copilot CLI's `.github/hooks/*.json` (camelCase events,
// handlers listed directly, `bash`/`timeoutSec`), Relay's `.relay/hooks.json` and the `relay.hooks` setting
// (Claude's shape). A bad entry is reported and skipped; the others still load.
import { JsoncSyntaxError, parseJsonc } from '../../text/jsonc';
import { HOOK_EVENTS, type HookConfig, type HookConfigProblem, type HookDefinition, type HookEvent, type HookOrigin, type HookStyle } from './types';

/** Each source's default when a handler names no timeout: Claude Code 600 s for a command hook, Copilot and Cline 30 s. */
export const DEFAULT_TIMEOUT_MS: Record<HookStyle, number> = { claude: 600_000, copilot: 30_000, cline: 30_000 };

/** Other sources' event names (compared lower-case, without separators) onto Relay's. */
const EVENT_ALIASES: Record<string, HookEvent> = {
  userpromptsubmitted: 'UserPromptSubmit',
  erroroccurred: 'Notification',
  taskstart: 'SessionStart',
  taskresume: 'SessionStart',
  taskcomplete: 'Stop',
  // The Copilot CLI's end of the agent's turn.
  agentstop: 'Stop',
  taskcancel: 'SessionEnd',
};

export function eventNamed(name: string): HookEvent | undefined {
  const key = name.replace(/[-_\s]/g, '').toLowerCase();
  return HOOK_EVENTS.find((event) => event.toLowerCase() === key) ?? EVENT_ALIASES[key];
}

export interface HookFileInput {
  /** Shown in problems and on cards. */
  source: string;
  style: HookStyle;
  origin: HookOrigin;
  platform?: NodeJS.Platform | string;
}

/** Parses one settings-shaped file (JSONC text). */
export function parseHookFile(text: string, input: HookFileInput): HookConfig {
  let value: unknown;
  try {
    value = parseJsonc(text);
  } catch (error) {
    const problem: HookConfigProblem = { source: input.source, message: error instanceof Error ? error.message : String(error) };
    if (error instanceof JsoncSyntaxError) problem.line = error.line;
    return { hooks: [], problems: [problem] };
  }
  if (value === undefined) return { hooks: [], problems: [] };
  return readHookSettings(isObject(value) ? value.hooks : undefined, input, value === null || !isObject(value));
}

/**
 * The value of a `hooks` key (or of the `relay.hooks` setting): `{ Event: [group | handler, …] }`.
 * `notAnObject` reports a file whose top level is not an object.
 */
export function readHookSettings(hooks: unknown, input: HookFileInput, notAnObject = false): HookConfig {
  const problems: HookConfigProblem[] = [];
  const problem = (message: string) => problems.push({ source: input.source, message });
  if (notAnObject) {
    problem('The file must hold a JSON object.');
    return { hooks: [], problems };
  }
  if (hooks === undefined) return { hooks: [], problems };
  if (!isObject(hooks)) {
    problem('"hooks" must be an object of events.');
    return { hooks: [], problems };
  }
  const definitions: HookDefinition[] = [];
  for (const [eventName, entries] of Object.entries(hooks)) {
    const event = eventNamed(eventName);
    if (!event) {
      problem(`Unknown hook event "${eventName}"; it is ignored.`);
      continue;
    }
    if (!Array.isArray(entries)) {
      problem(`"${eventName}" must be a list.`);
      continue;
    }
    entries.forEach((entry, groupIndex) => {
      if (!isObject(entry)) return problem(`${eventName}[${groupIndex}] must be an object.`);
      // A matcher group holds handlers under `hooks`; a Copilot file lists the handlers themselves.
      const handlers = Array.isArray(entry.hooks) ? entry.hooks : [entry];
      const matcher = typeof entry.matcher === 'string' && input.style !== 'copilot' ? entry.matcher : undefined;
      if (entry.matcher !== undefined && typeof entry.matcher !== 'string') problem(`${eventName}[${groupIndex}].matcher must be a string.`);
      handlers.forEach((handler, handlerIndex) => {
        const at = `${eventName}[${groupIndex}]${handlers === entry.hooks ? `.hooks[${handlerIndex}]` : ''}`;
        const read = readHandler(handler, input, at);
        if (typeof read === 'string') return problem(read);
        definitions.push({
          id: `${input.source}#${at}`,
          event,
          style: input.style,
          origin: input.origin,
          source: input.source,
          ...(matcher !== undefined && matcher !== '' && matcher !== '*' ? { matcher } : {}),
          ...read,
        });
      });
    });
  }
  return { hooks: definitions, problems };
}

type Handler = Pick<HookDefinition, 'command' | 'timeoutMs' | 'cwd' | 'env' | 'copilotCli'>;

function readHandler(handler: unknown, input: HookFileInput, at: string): Handler | string {
  if (!isObject(handler)) return `${at} must be an object.`;
  const type = handler.type ?? 'command';
  if (type !== 'command') return `${at}: only "command" hooks are supported (got "${String(type)}"); it is ignored.`;
  const windows = input.platform === 'win32';
  const osKey = input.platform === 'darwin' ? 'osx' : windows ? 'windows' : 'linux';
  const candidates = windows ? [handler[osKey], handler.powershell, handler.command] : [handler[osKey], handler.bash, handler.command];
  const command = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  if (!command) return `${at} has no command for this system.`;
  const seconds = handler.timeout ?? handler.timeoutSec;
  if (seconds !== undefined && (typeof seconds !== 'number' || !(seconds > 0))) return `${at}.timeout must be a positive number of seconds.`;
  const result: Handler = { command, timeoutMs: typeof seconds === 'number' ? Math.round(seconds * 1000) : DEFAULT_TIMEOUT_MS[input.style] };
  if (typeof handler.cwd === 'string' && handler.cwd !== '') result.cwd = handler.cwd;
  if (input.style === 'copilot' && (command === handler.bash || command === handler.powershell)) result.copilotCli = true;
  if (handler.env !== undefined) {
    if (!isObject(handler.env) || Object.values(handler.env).some((v) => typeof v !== 'string')) return `${at}.env must map names to strings.`;
    result.env = handler.env as Record<string, string>;
  }
  return result;
}

/** Cline: one executable per event, named exactly after it (`PreToolUse`, `TaskStart`…), in `.clinerules/hooks/`. */
export function clineHookForScript(fileName: string, scriptPath: string, origin: HookOrigin, source: string): HookDefinition | undefined {
  const base = fileName.replace(/\.(sh|js|py|ps1|cmd|bat)$/i, '');
  const known = ['TaskStart', 'TaskResume', 'TaskCancel', 'TaskComplete', 'PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'PreCompact'];
  if (!known.includes(base)) return undefined;
  const event = eventNamed(base)!;
  // Run directly as the executable it is: its path, quoted for the shell.
  const command = `'${scriptPath.replace(/'/g, `'\\''`)}'`;
  return { id: `${source}#${base}`, event, nativeEvent: base, style: 'cline', origin, source, command, timeoutMs: DEFAULT_TIMEOUT_MS.cline };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
