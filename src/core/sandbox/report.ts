// How a sandboxed run is told: the card's line ("Ran in the sandbox", each violation named) and the model's lines,
// built once with l10n.both so the model reads English and people their language.
import { l10n, type Said } from '../l10n';
import type { SandboxViolation } from '../ports/command-sandbox';

/**
 * One violation for both channels. `show` writes a path for people (workspace-relative, as every card does); the
 * model keeps the absolute path, which is unambiguous whatever folder it thinks in.
 */
export function describeViolation(v: SandboxViolation, show: (path: string) => string = (p) => p): Said {
  const target: Said | string = v.kind === 'network' || v.kind === 'other' ? v.target : { model: v.target, ui: show(v.target) };
  switch (v.kind) {
    case 'write':
      return l10n.both('writing {0} (outside the workspace, or a file that stays read-only)', target);
    case 'read':
      return l10n.both('reading {0} (credentials are unreadable)', target);
    case 'network':
      return l10n.both('connecting to {0} (not an allowed domain)', v.target);
    case 'restored':
      if (v.putBack === false) return l10n.both('changing {0}, which runs code outside the sandbox; Relay could not put it back: check it before using git or opening the folder again', target);
      if (v.detail === 'created') return l10n.both('creating {0}, which would run code outside the sandbox; Relay removed it', target);
      if (v.detail === 'removed') return l10n.both('removing {0}; Relay put it back', target);
      return l10n.both('changing {0}, which would run code outside the sandbox; Relay put it back', target);
    default:
      return l10n.both('another operation: {0}', v.detail);
  }
}

/** One sentence for the card and the model; the model's also says how to run the command outside the sandbox. */
export function sandboxReport(violations: readonly SandboxViolation[], show?: (path: string) => string): Said {
  if (violations.length === 0) return l10n.both('Ran in the sandbox.');
  const listed = violations.map((v) => describeViolation(v, show));
  const model = listed.map((s) => `- ${s.model}`).join('\n');
  const ui = listed.map((s) => `• ${s.ui}`).join('\n');
  const said = l10n.both('Ran in the sandbox, which blocked:\n{0}', { model, ui });
  return {
    ui: said.ui,
    model: `${said.model}\nIf the command needs this, tell the user; running it outside the sandbox needs their separate approval: call run_command again with outside_sandbox: true.`,
  };
}

/** The approval prompt's reason for running outside the sandbox, naming what the sandboxed run needed. */
export function outsideSandboxReason(needed: readonly SandboxViolation[], show?: (path: string) => string): Said {
  if (needed.length === 0) return l10n.both('Runs outside the sandbox, with your full rights: any file, any host.');
  const listed = needed.map((v) => describeViolation(v, show));
  return l10n.both('Runs outside the sandbox, with your full rights. In the sandbox it needed: {0}.', { model: listed.map((s) => s.model).join('; '), ui: listed.map((s) => s.ui).join('；') });
}
