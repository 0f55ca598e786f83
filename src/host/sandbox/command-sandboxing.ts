// Which commands run in the OS sandbox: while `relay.sandbox.enabled` is on and the platform supports it, every
// run_command the user did not approve to run outside it. The process manager's spawner wraps them through
// `forCommands()`; what the sandbox blocked in each command's last run is remembered for a later
// "Run outside the sandbox…" prompt. A background command runs in it where its server's ports can be bridged out of
// the sandbox's network (Linux); elsewhere it runs without it, and keeps the approval it always had. An unsupported
// platform is said once.
import type { CommandSandbox, SandboxScope, SandboxViolation, WrappedCommand } from '../../core/ports/command-sandbox';
import type { SandboxUse } from '../../core/sandbox/approval';

export interface CommandSandboxingOptions {
  sandbox: CommandSandbox & { prepare(): Promise<boolean> };
  enabled: () => boolean;
  /** Whether background commands run sandboxed too (where their servers' ports are bridged out); default: on Linux. */
  backgroundSandboxed?: boolean;
  /** Called once, the first time a command runs unsandboxed because the platform cannot sandbox it. */
  onUnavailable?: (reason: string) => void;
}

/** How many commands' violations are remembered for a later "Run outside the sandbox…" prompt. */
const REMEMBERED = 50;

export class CommandSandboxing {
  private toldUnavailable = false;
  private readonly backgroundSandboxed: boolean;
  /** What the sandbox blocked in each command's last sandboxed run, by command line. */
  private readonly needed = new Map<string, readonly SandboxViolation[]>();
  /** The sandbox as the spawner sees it: the runtime's, remembering each command's violations. */
  private readonly recording: CommandSandbox;

  constructor(private readonly options: CommandSandboxingOptions) {
    const sandbox = options.sandbox;
    this.backgroundSandboxed = options.backgroundSandboxed ?? process.platform === 'linux';
    const remember = (command: string, violations: readonly SandboxViolation[]) => {
      this.needed.delete(command);
      if (violations.length > 0) this.needed.set(command, violations);
      if (this.needed.size > REMEMBERED) this.needed.delete(this.needed.keys().next().value!);
    };
    this.recording = {
      get available() {
        return sandbox.available;
      },
      get unavailableReason() {
        return sandbox.unavailableReason;
      },
      wrap: async (command: string, env: Record<string, string>, scope: SandboxScope): Promise<WrappedCommand> => {
        const wrapped = await sandbox.wrap(command, env, scope);
        return {
          command: wrapped.command,
          env: wrapped.env,
          violations: (output) => {
            const found = wrapped.violations(output);
            remember(command, found);
            return found;
          },
          dispose: () => wrapped.dispose(),
        };
      },
    };
  }

  /** Whether a command (not approved to run outside) will run sandboxed; starts the runtime the first time. */
  async willSandbox(): Promise<boolean> {
    if (!this.options.enabled()) return false;
    const ok = await this.options.sandbox.prepare();
    if (!ok && !this.toldUnavailable) {
      this.toldUnavailable = true;
      this.options.onUnavailable?.(this.options.sandbox.unavailableReason ?? '');
    }
    return ok;
  }

  /** The sandbox for the process manager's next command, or undefined when commands run without it. */
  async forCommands(): Promise<CommandSandbox | undefined> {
    return (await this.willSandbox()) ? this.recording : undefined;
  }

  /** For the approval: how run_command's call with these arguments will run. */
  async useFor(args: unknown): Promise<SandboxUse> {
    const { command, outside_sandbox: outside, background } = (args ?? {}) as { command?: unknown; outside_sandbox?: unknown; background?: unknown };
    if ((background === true && !this.backgroundSandboxed) || !(await this.willSandbox())) return { type: 'none' };
    if (outside === true) return { type: 'outside', needed: typeof command === 'string' ? (this.needed.get(command) ?? []) : [] };
    return { type: 'sandboxed' };
  }
}
