// Printing a credential sends it to the model (issue 36 §4, issue 37 "Commands"): each of these asks in every
// mode and no allow rule settles it; the look-alikes that print no credential decide as before.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from './fixtures';
import type { ApprovalMode, Decision, PermissionRule } from '../../../src/core/permissions';

async function run(command: string, mode: ApprovalMode = 'yolo', rules: PermissionRule[] = []): Promise<Decision> {
  return policyFor(mode, { rules }).evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
}

/** Each asks in yolo mode (which asks nothing else here), with the cause the card names. */
const ASKS: readonly [command: string, cause: string][] = [
  ['echo $GITHUB_TOKEN', 'GITHUB_TOKEN'],
  ['echo "$GH_TOKEN"', 'GH_TOKEN'],
  ['echo ${NPM_TOKEN}', 'NPM_TOKEN'],
  ['echo "${AWS_SECRET_ACCESS_KEY:-none}"', 'AWS_SECRET_ACCESS_KEY'],
  ['printf "%s\\n" "$AWS_SESSION_TOKEN"', 'AWS_SESSION_TOKEN'],
  ['echo token=$OPENAI_API_KEY', 'OPENAI_API_KEY'],
  ['echo ${#DB_PASSWORD}', 'DB_PASSWORD'],
  ['X=$GITHUB_TOKEN; echo $X', 'GITHUB_TOKEN'],
  ['export T="$NPM_TOKEN"', 'NPM_TOKEN'],
  ['for v in $PGPASSWORD; do echo $v; done', 'PGPASSWORD'],
  ['cat <<EOF\n$SENTRY_DSN\nEOF', 'SENTRY_DSN'],
  ['bash -c \'echo $HF_TOKEN\'', 'HF_TOKEN'],
  ['sh -c "echo \\$VAULT_TOKEN"', 'VAULT_TOKEN'],
  ['ls && echo $CI_JOB_TOKEN > /dev/null', 'CI_JOB_TOKEN'],
  ['curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user', 'GITHUB_TOKEN'],
  ['echo $(echo $STRIPE_SECRET_KEY)', 'STRIPE_SECRET_KEY'],
  ['env', 'env'],
  ['env -0', 'env'],
  ['env | grep -i tok', 'env'],
  ['printenv', 'printenv'],
  ['printenv | sort', 'printenv'],
  ['printenv GITHUB_TOKEN', 'GITHUB_TOKEN'],
  ['printenv HOME NPM_TOKEN', 'NPM_TOKEN'],
  ['set', 'set'],
  ['set | grep KEY', 'set'],
  ['export', 'export'],
  ['export -p', 'export -p'],
  ['declare -x', 'declare -x'],
  ['declare -p', 'declare -p'],
  ['typeset -x', 'typeset -x'],
  ['declare -p GH_TOKEN', 'GH_TOKEN'],
  ['cat /proc/self/environ', '/proc/self/environ'],
  ['cat /proc/1/environ', '/proc/1/environ'],
  ['tr "\\0" "\\n" < /proc/self/environ', '/proc/self/environ'],
  ['strings /proc/$$/environ', '/proc/$$/environ'],
  ['xargs -0 -n1 -a /proc/self/environ echo', '/proc/self/environ'],
  ['cat /proc/./self/../self/environ', '/proc/./self/../self/environ'],
  ['cat /proc/1/task/1/environ', '/proc/1/task/1/environ'],
  ['ps eww', 'ps eww'],
  ['ps auxe', 'ps auxe'],
  ['gh auth token', 'gh auth token'],
  ['gh auth status --show-token', 'gh auth status --show-token'],
  ['gcloud auth print-access-token', 'gcloud auth print-access-token'],
  ['gcloud auth application-default print-access-token', 'gcloud auth application-default print-access-token'],
  ['aws configure export-credentials', 'aws configure export-credentials'],
  ['aws configure get aws_secret_access_key', 'aws configure get'],
  ['aws ecr get-login-password', 'aws ecr get-login-password'],
  ['az account get-access-token', 'az account get-access-token'],
  ['kubectl config view --raw', 'kubectl config view --raw'],
  ['printf "protocol=https\\nhost=github.com\\n" | git credential fill', 'git credential fill'],
  ['secret-tool lookup service github', 'secret-tool lookup'],
  ['vault print token', 'vault print token'],
  ['nice env', 'env'],
];

/** Look-alikes: decided as before (yolo allows them; the default mode's read-only rules allow most). */
const QUIET: readonly string[] = [
  'echo $HOME',
  'echo $PATH',
  'echo "$NODE_ENV"',
  "echo '$GITHUB_TOKEN'",
  'echo \\$GITHUB_TOKEN',
  'env NODE_ENV=test node -e 1',
  'printenv HOME',
  'set -e',
  'set -euo pipefail',
  'export NODE_ENV=production',
  'declare -a list',
  'cat /proc/self/status',
  'cat /proc/cpuinfo',
  'ps aux',
  'ps -ef',
  'gh auth status',
  'git credential-cache exit',
  'echo $GIT_AUTHOR_NAME',
  'echo $TOKENIZERS_PARALLELISM',
];

describe('printing a credential asks in every mode', () => {
  for (const [command, cause] of ASKS) {
    test(JSON.stringify(command), async () => {
      const decision = await run(command);
      assert.equal(decision.action, 'ask', decision.reason);
      const check = decision.audit.checks.find((c) => c.basis === 'secret-output');
      assert.ok(check, `a secret-output check: ${JSON.stringify(decision.audit.checks.map((c) => c.basis))}`);
      assert.equal(check.subject.type === 'command' && check.subject.cause, cause);
      assert.equal(check.allowRuleCanOverride, false);
    });
  }

  test('an allow rule does not settle it, nor the default mode\'s read-only rules', async () => {
    for (const [command, rules] of [
      ['echo $GITHUB_TOKEN', [{ tool: '*', pattern: 'echo', action: 'allow' as const }]],
      ['printenv', [{ tool: '*', pattern: 'printenv', action: 'allow' as const }]],
      ['env', [{ tool: '*', pattern: 'env', action: 'allow' as const }]],
      ['cat /proc/self/environ', [{ tool: '*', pattern: 'cat', action: 'allow' as const }]],
    ] as const) {
      assert.equal((await run(command, 'yolo', [...rules])).action, 'ask', command);
      assert.equal((await run(command, 'default', [...rules])).action, 'ask', command);
    }
  });

  test('the reason names the variable and says where the value would go', async () => {
    const decision = await run('echo $GITHUB_TOKEN');
    assert.match(decision.reason, /GITHUB_TOKEN, which holds a credential: its value would reach the model/);
  });
});

describe('look-alikes that print no credential', () => {
  for (const command of QUIET) {
    test(JSON.stringify(command), async () => {
      const decision = await run(command);
      assert.ok(!decision.audit.checks.some((c) => c.basis === 'secret-output'), decision.reason);
      // Files outside the workspace ask for that reason alone.
      if (!command.includes('/proc/')) assert.equal(decision.action, 'allow', decision.reason);
    });
  }
});
