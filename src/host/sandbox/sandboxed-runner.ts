// run_command's runner with the OS sandbox: while `relay.sandbox.enabled` is on and the platform supports it, a
// command runs wrapped, in a child process (the terminal shows the wrapping, not the command; the card shows the
// command), with an environment the sandbox built; its result lists what the sandbox refused. Otherwise, or when
// the user approved running it outside the sandbox, the usual runner runs it; an unsupported platform is said once.
import type { CommandRequest, CommandResult, CommandRunner } from '../../core/ports/command-runner';
import type { CommandSandbox, SandboxScope, SandboxViolation } from '../../core/ports/command-sandbox';
import type { SandboxUse } from '../../core/sandbox/approval';
import { inherited } from '../child-process-runner';

export interface SandboxedRunnerOptions {
  /** The runner for commands outside the sandbox (the terminal, with its child-process fallback). */
  unsandboxed: CommandRunner;
  /** The runner for wrapped commands: a child process under a POSIX shell. */
  sandboxed: CommandRunner;
  sandbox: CommandSandbox & { prepare(): Promise<boolean> };
  enabled: () => boolean;
  scopeFor: (request: CommandRequest) => SandboxScope;
  /** Called once, the first time a command runs unsandboxed because the platform cannot sandbox it. */
  onUnavailable?: (reason: string) => void;
}

/** How many commands' violations are remembered for a later "Run outside the sandbox…" prompt. */
const REMEMBERED = 50;

export class SandboxedCommandRunner implements CommandRunner {
  private toldUnavailable = false;
  /** What the sandbox blocked in each command's last sandboxed run, by command line. */
  private readonly needed = new Map<string, readonly SandboxViolation[]>();

  constructor(private readonly options: SandboxedRunnerOptions) {}

  /** Whether the next command (not approved to run outside) will run sandboxed; starts the runtime the first time. */
  async willSandbox(): Promise<boolean> {
    if (!this.options.enabled()) return false;
    const ok = await this.options.sandbox.prepare();
    if (!ok && !this.toldUnavailable) {
      this.toldUnavailable = true;
      this.options.onUnavailable?.(this.options.sandbox.unavailableReason ?? '');
    }
    return ok;
  }

  /** For the approval: how run_command's call with these arguments will run. */
  async useFor(args: unknown): Promise<SandboxUse> {
    const { command, outside_sandbox: outside } = (args ?? {}) as { command?: unknown; outside_sandbox?: unknown };
    if (!(await this.willSandbox())) return { type: 'none' };
    if (outside === true) return { type: 'outside', needed: typeof command === 'string' ? (this.needed.get(command) ?? []) : [] };
    return { type: 'sandboxed' };
  }

  async run(request: CommandRequest, signal: AbortSignal, onOutput?: (chunk: string) => void): Promise<CommandResult> {
    if (request.sandbox === 'outside' || !(await this.willSandbox())) return this.options.unsandboxed.run(request, signal, onOutput);
    const wrapped = await this.options.sandbox.wrap(request.command, { ...inherited(), ...request.env }, this.options.scopeFor(request));
    try {
      const result = await this.options.sandboxed.run({ ...request, command: wrapped.command, env: wrapped.env, inheritEnv: false }, signal, onOutput);
      const violations = wrapped.violations(result.output);
      this.needed.delete(request.command);
      if (violations.length > 0) this.needed.set(request.command, violations);
      if (this.needed.size > REMEMBERED) this.needed.delete(this.needed.keys().next().value!);
      return { ...result, sandbox: { violations } };
    } finally {
      wrapped.dispose();
    }
  }
}
