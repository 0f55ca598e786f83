// What the user confirms about a repository hook: everything that decides what runs (its file, event, matcher,
// command line, working directory, environment and, for a Cline script, the script's text). Any change asks again.
import { createHash } from 'node:crypto';
import type { HookDefinition } from './types';

export function hookFingerprint(hook: HookDefinition): string {
  const exact = [hook.source, hook.event, hook.nativeEvent ?? '', hook.matcher ?? '', hook.command, hook.cwd ?? '', hook.env ?? {}];
  // Appended only when present, so confirmations given before it existed stay valid for the other hooks.
  if (hook.scriptDigest !== undefined) exact.push(hook.scriptDigest);
  return createHash('sha256').update(JSON.stringify(exact)).digest('hex');
}

export function scriptDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
