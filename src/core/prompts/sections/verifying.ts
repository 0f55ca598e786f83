// Checking the work before calling it done.
import { section } from '../context';

export function verifying(): string {
  return section('Checking your work', [
    'Read what each edit reports: it lists the errors the edit introduced. Fix them before you move on.',
    "Run the project's own checks that cover the change (type check or build, the related tests, the linter). Find the commands in the project (package.json scripts, Makefile, README, workspace rules) instead of guessing them.",
    'A failure your change did not cause is reported, not fixed on the side. If you could not run a check, say which and why.',
  ]);
}
