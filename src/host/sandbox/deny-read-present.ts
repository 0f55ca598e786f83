// The read-deny list given to the sandbox runtime for one command: only what can be read. The default list names
// about 85 credential stores in the home folder, and most machines have a few of them; for each entry the runtime
// resolves every path component and plans a mount (about 0.1 ms an entry, most of a command's 20 ms of wrapping in
// the sandbox bench). A path that does not exist has nothing to read, and a sandboxed command cannot create it
// outside the folders it may write; so an entry stays when it exists (a dangling symbolic link included), when it
// lies below a writable folder (the command could make it), when it is a pattern, or when it cannot be checked.
import { lstatSync } from 'node:fs';
import { within } from '../../core/sandbox/violations';

const GLOB = /[*?[\]{}]/;

export function readDenyPresent(denyRead: readonly string[], allowWrite: readonly string[]): string[] {
  return denyRead.filter((path) => GLOB.test(path) || allowWrite.some((root) => within(path, root)) || exists(path));
}

function exists(path: string): boolean {
  try {
    // Missing is the usual answer: asked without an error to build (most of the ~85 stores are missing).
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A component is a file: nothing there to read. Anything else (EACCES, ELOOP…): kept, denied as asked.
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}
