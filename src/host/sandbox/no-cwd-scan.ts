// Put in place of the sandbox runtime's utils/ripgrep.js in dist/sandbox.mjs (scripts/sandbox-bundle.mjs). The
// runtime's one use of it is the scan for dangerous files below `process.cwd()` on every wrapped command
// (linuxGetMandatoryDenyPaths): in the extension host that folder is not the workspace, and the scan costs a
// ripgrep process (10–17 ms) per command. Relay finds those files itself, below the command's writable roots and
// working directory (nested-protected.ts), and passes them as read-only paths, so the runtime's scan finds
// nothing. The files at the top of `process.cwd()` the runtime still adds itself (no scan involved).

/** The runtime's `ripGrep(args, target, signal, config)`: no matches. */
export async function ripGrep(): Promise<string[]> {
  return [];
}
