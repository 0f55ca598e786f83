// "Always allow" on a "Run outside the sandbox…" approval: instead of the command leaving the sandbox, what it
// needed goes into the sandbox's boundary (the user's `relay.sandbox.allowedDomains` and `relay.sandbox.allowWrite`).
// Only what the sandboxed run was refused and a boundary can grant: a domain it tried to reach, the folder of a
// file it tried to write. A refused read (a credential) and a protected file inside the workspace are never offered.
import { l10n, type Said } from '../l10n';
import type { SandboxViolation } from '../ports/command-sandbox';
import { isSandboxDomain, PROTECTED_NAMES } from './boundary';

export interface SandboxAllowance {
  domains: string[];
  /** Folders a command may write to. */
  writePaths: string[];
}

/** What can be added to the sandbox for these refusals, or undefined when nothing (or not all of it) can. */
export function sandboxAllowanceFor(needed: readonly SandboxViolation[], writableRoots: readonly string[]): SandboxAllowance | undefined {
  const domains = new Set<string>();
  const writePaths = new Set<string>();
  for (const v of needed) {
    if (v.kind === 'network' && isSandboxDomain(v.target) && !isLoopback(v.target)) domains.add(v.target);
    else if (v.kind === 'write' && v.target.startsWith('/') && !isProtected(v.target, writableRoots)) writePaths.add(parentOf(v.target));
    else return undefined; // a read of a credential, a protected file, an unknown refusal: only running outside (asked) would do
  }
  return domains.size + writePaths.size > 0 ? { domains: [...domains], writePaths: [...writePaths] } : undefined;
}

/** For the prompt's button and the model: what was added. */
export function describeAllowance(a: SandboxAllowance): string {
  return [...a.domains, ...a.writePaths].join(', ');
}

/** What the model and the card are told when the user added to the sandbox instead of running outside it. */
export function allowanceAnswer(a: SandboxAllowance): Said {
  return l10n.both('Not run outside the sandbox: the user added {0} to the sandbox instead. Call run_command again without outside_sandbox.', describeAllowance(a));
}

function isLoopback(target: string): boolean {
  const host = target.replace(/:\d+$/, '').toLowerCase();
  return host === 'localhost' || host.startsWith('127.') || host === '[::1]' || host === '::1' || host === '0.0.0.0';
}

function isProtected(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => PROTECTED_NAMES.some((rel) => path === `${root}/${rel}` || path.startsWith(`${root}/${rel}/`)));
}

function parentOf(path: string): string {
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : '/';
}
