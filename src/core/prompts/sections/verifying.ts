// Checking the work before calling it done, the page check after a front-end change included.
import { type PromptContext, section } from '../context';

export function verifying(ctx: PromptContext): string {
  return section('Checking your work', [
    'Read what each edit reports: it lists the errors the edit introduced. Fix them before you move on.',
    "Run the project's own checks that cover the change (type check or build, the related tests, the linter). Find the commands in the project (package.json scripts, Makefile, README, workspace rules) instead of guessing them.",
    ctx.canChange && 'After a change to a web page or UI, open it with check_page on the dev server and look at the screenshot and console errors before you say it works: a passing build is not a page that renders.',
    'A failure your change did not cause is reported, not fixed on the side. If you could not run a check, say which and why; never claim a check you did not run.',
  ]);
}
