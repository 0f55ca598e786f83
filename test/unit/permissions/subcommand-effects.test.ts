// Issue 37, "Commands": a user's allow rule for a query tool (`npm config`, `git stash`, `man`, `docker image`,
// `gh pr`…) does not cover the sub-commands and flags that write, delete, run a program or change a login; a rule
// that names the word does. Default mode, the shipped rules plus the one rule of each row.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { policyFor } from './fixtures';
import type { Decision, PermissionRule } from '../../../src/core/permissions';
import { SUBCOMMAND_FAMILIES } from '../../../src/core/permissions/subcommand-effects';

async function run(command: string, pattern: string): Promise<Decision> {
  const rules: PermissionRule[] = [{ tool: 'run_command', pattern, action: 'allow' }];
  return policyFor('default', { rules }).evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
}

/** [rule pattern, commands it still allows, commands it no longer covers]. */
const ROWS: readonly [string, string[], string[]][] = [
  ['npm config', ['npm config get registry', 'npm config list', 'npm config ls -l'], ['npm config set registry https://evil', 'npm config delete registry', 'npm config rm x', 'npm config edit', 'npm config fix']],
  ['npm c', ['npm c get x'], ['npm c set x y']],
  ['npm cache', ['npm cache ls'], ['npm cache clean --force', 'npm cache add x', 'npm cache verify']],
  ['npm token', ['npm token list'], ['npm token create', 'npm token revoke 123']],
  ['npm owner', ['npm owner ls pkg'], ['npm owner add bob pkg', 'npm owner rm bob pkg']],
  ['npm dist-tag', ['npm dist-tag ls pkg'], ['npm dist-tag add pkg@1 latest', 'npm dist-tag rm pkg beta']],
  ['npm access', ['npm access list packages'], ['npm access grant read-only team pkg', 'npm access set mfa=none']],
  ['npm pkg', ['npm pkg get name'], ['npm pkg set scripts.test="rm -rf ~"', 'npm pkg delete scripts']],
  ['npm profile', ['npm profile get'], ['npm profile disable-2fa', 'npm profile set email x']],
  ['pnpm config', ['pnpm config get registry', 'pnpm config list'], ['pnpm config set registry x', 'pnpm config delete registry']],
  ['pnpm store', ['pnpm store status', 'pnpm store path'], ['pnpm store prune', 'pnpm store add x']],
  ['yarn config', ['yarn config get registry', 'yarn config list'], ['yarn config set registry x', 'yarn config delete registry', 'yarn config unset npmAuthToken']],
  ['yarn cache', ['yarn cache list', 'yarn cache dir'], ['yarn cache clean']],
  ['pip config', ['pip config list', 'pip config get global.index-url', 'pip config debug'], ['pip config set global.index-url https://evil', 'pip config unset global.index-url', 'pip config edit', 'pip config --user set global.x y']],
  ['pip3 config', ['pip3 config list'], ['pip3 config set global.index-url x']],
  ['python -m pip config', ['python -m pip config list'], ['python -m pip config set global.index-url x']],
  ['pip cache', ['pip cache dir', 'pip cache list', 'pip cache info'], ['pip cache purge', 'pip cache remove numpy']],
  ['uv cache', ['uv cache dir'], ['uv cache clean', 'uv cache prune']],
  ['poetry config', ['poetry config --list', 'poetry config virtualenvs.in-project'], ['poetry config virtualenvs.in-project true', 'poetry config --unset repositories.x', 'poetry config http-basic.pypi user pass']],
  ['composer config', ['composer config --list', 'composer config repositories'], ['composer config repositories.x vcs https://evil', 'composer config --unset x', 'composer config -e']],
  ['bundle config', ['bundle config', 'bundle config get path', 'bundle config list'], ['bundle config set path vendor', 'bundle config unset path', 'bundle config path vendor']],
  ['git stash', ['git stash list', 'git stash show -p'], ['git stash drop', 'git stash clear', 'git stash pop', 'git stash apply', 'git stash push -m x', 'git stash branch x', 'git stash store abc']],
  ['git worktree', ['git worktree list'], ['git worktree add ../x', 'git worktree remove x', 'git worktree prune']],
  ['git submodule', ['git submodule status', 'git submodule summary'], ['git submodule update --init', "git submodule foreach 'rm -rf .'", 'git submodule deinit -f x', 'git submodule add https://x']],
  ['git notes', ['git notes list', 'git notes show HEAD'], ['git notes add -m x', 'git notes remove HEAD', 'git notes prune']],
  ['git sparse-checkout', ['git sparse-checkout list'], ['git sparse-checkout set a', 'git sparse-checkout disable']],
  ['git bisect', ['git bisect log', 'git bisect view'], ['git bisect run ./evil.sh', 'git bisect start', 'git bisect reset']],
  ['git lfs', ['git lfs ls-files', 'git lfs env', 'git lfs status'], ['git lfs install', 'git lfs track "*.bin"', 'git lfs prune']],
  ['git credential', [], ['git credential approve', 'git credential reject']],
  ['git symbolic-ref', ['git symbolic-ref HEAD'], ['git symbolic-ref HEAD refs/heads/x', 'git symbolic-ref -d HEAD']],
  ['git config', ['git config --global user.name', 'git config --list', 'git config --get remote.origin.url'], ['git config --global core.pager evil', 'git config --unset user.name', 'git config --global --edit', 'git config core.hooksPath .husky']],
  ['git remote', ['git remote -v', 'git remote show origin', 'git remote get-url origin'], ['git remote add x https://evil', 'git remote set-url origin https://evil', 'git remote remove origin', 'git remote rename origin x']],
  ['git branch', ['git branch', 'git branch -a', 'git branch --list "f*"'], ['git branch -D main', 'git branch -d x', 'git branch -m x y', 'git branch new-branch']],
  ['git tag', ['git tag', 'git tag -l "v1*"'], ['git tag -d v1', 'git tag v2', 'git tag -a v3 -m x']],
  ['docker image', ['docker image ls', 'docker image inspect x'], ['docker image rm x', 'docker image prune -a', 'docker image pull x', 'docker image push x']],
  ['docker container', ['docker container ls', 'docker container logs x'], ['docker container rm x', 'docker container exec x sh', 'docker container run x', 'docker container kill x']],
  ['docker volume', ['docker volume ls'], ['docker volume rm x', 'docker volume prune']],
  ['docker network', ['docker network ls'], ['docker network rm x', 'docker network create x']],
  ['docker system', ['docker system df', 'docker system info'], ['docker system prune -af']],
  ['docker context', ['docker context ls', 'docker context show'], ['docker context use x', 'docker context rm x']],
  ['docker compose', ['docker compose ps', 'docker compose logs', 'docker compose config'], ['docker compose up -d', 'docker compose down -v', 'docker compose exec web sh', 'docker compose rm -f']],
  ['docker-compose', ['docker-compose ps'], ['docker-compose down']],
  ['kubectl config', ['kubectl config view', 'kubectl config current-context', 'kubectl config get-contexts'], ['kubectl config set-context x', 'kubectl config use-context prod', 'kubectl config delete-context x', 'kubectl config set-credentials x --token=y', 'kubectl config unset users']],
  ['kubectl rollout', ['kubectl rollout status deploy/x', 'kubectl rollout history deploy/x'], ['kubectl rollout restart deploy/x', 'kubectl rollout undo deploy/x']],
  ['helm repo', ['helm repo list'], ['helm repo add x https://evil', 'helm repo remove x', 'helm repo update']],
  ['gh auth', ['gh auth status'], ['gh auth login', 'gh auth logout', 'gh auth refresh -s delete_repo', 'gh auth setup-git', 'gh auth switch']],
  ['gh config', ['gh config get editor', 'gh config list'], ['gh config set editor evil']],
  ['gh repo', ['gh repo view', 'gh repo list'], ['gh repo delete x --yes', 'gh repo create x', 'gh repo edit --visibility public', 'gh repo rename y', 'gh repo archive']],
  ['gh pr', ['gh pr list', 'gh pr view 1', 'gh pr diff 1', 'gh pr checks 1', 'gh pr status'], ['gh pr merge 1', 'gh pr close 1', 'gh pr create', 'gh pr comment 1 -b x', 'gh pr review --approve', 'gh pr checkout 1']],
  ['gh issue', ['gh issue list', 'gh issue view 1'], ['gh issue close 1', 'gh issue delete 1', 'gh issue comment 1 -b x', 'gh issue create']],
  ['gh release', ['gh release list', 'gh release view v1'], ['gh release delete v1', 'gh release create v2', 'gh release upload v1 x', 'gh release download v1']],
  ['gh run', ['gh run list', 'gh run view 1', 'gh run watch 1'], ['gh run rerun 1', 'gh run cancel 1', 'gh run delete 1']],
  ['gh workflow', ['gh workflow list', 'gh workflow view ci'], ['gh workflow run deploy', 'gh workflow disable ci']],
  ['gh secret', ['gh secret list'], ['gh secret set X', 'gh secret delete X']],
  ['gh variable', ['gh variable list', 'gh variable get X'], ['gh variable set X', 'gh variable delete X']],
  ['gh extension', ['gh extension list'], ['gh extension install evil/gh-x', 'gh extension exec x']],
  ['gh alias', ['gh alias list'], ['gh alias set co "!rm -rf ~"']],
  ['gh api', ['gh api repos/o/r', 'gh api -X GET repos/o/r', 'gh api --method=GET user'], ['gh api -X DELETE repos/o/r', 'gh api --method POST repos/o/r/issues', 'gh api repos/o/r/issues -f title=x', 'gh api graphql -F query=@q.graphql', 'gh api user --input body.json']],
  ['gcloud config', ['gcloud config list', 'gcloud config get-value project'], ['gcloud config set project evil', 'gcloud config unset project']],
  ['gcloud config configurations', ['gcloud config configurations list'], ['gcloud config configurations activate prod', 'gcloud config configurations delete x']],
  ['gcloud auth', ['gcloud auth list'], ['gcloud auth login', 'gcloud auth revoke', 'gcloud auth activate-service-account --key-file k.json']],
  ['az account', ['az account show', 'az account list'], ['az account set -s x', 'az account clear']],
  ['aws configure', ['aws configure list', 'aws configure list-profiles'], ['aws configure set region x', 'aws configure import --csv file://c.csv']],
  ['conda env', ['conda env list', 'conda env export'], ['conda env remove -n x', 'conda env create -f e.yml']],
  ['rustup toolchain', ['rustup toolchain list'], ['rustup toolchain install nightly', 'rustup toolchain uninstall stable', 'rustup toolchain link x ./evil']],
  ['rustup target', ['rustup target list'], ['rustup target add wasm32-unknown-unknown']],
  ['rustup component', ['rustup component list'], ['rustup component add clippy']],
  ['rustup default', ['rustup default'], ['rustup default nightly']],
  ['cargo owner', ['cargo owner --list x'], ['cargo owner --add bob x', 'cargo owner -r bob x']],
  ['go mod', ['go mod graph', 'go mod why x', 'go mod verify'], ['go mod tidy', 'go mod edit -replace x=../evil', 'go mod vendor', 'go mod download']],
  ['terraform state', ['terraform state list', 'terraform state show x'], ['terraform state rm x', 'terraform state mv a b', 'terraform state push s']],
  ['terraform workspace', ['terraform workspace list', 'terraform workspace show'], ['terraform workspace select prod', 'terraform workspace delete x']],
  ['man', ['man ls', 'man 5 crontab', 'man -k printf', 'man -f ls'], ["man -P 'sh -c evil' ls", 'man --pager=evil ls', 'man -Pcat ls', 'man -H ls', 'man --html=firefox ls', 'man -X ls', 'man -C evil.conf ls']],
  ['info', ['info ls', 'info coreutils'], ['info -o out.txt ls', 'info --output=out ls', 'info --init-file keys ls']],
  ['systemctl', ['systemctl status nginx', 'systemctl is-active x', 'systemctl list-units'], ['systemctl stop nginx', 'systemctl restart x', 'systemctl enable x', 'systemctl edit x', 'systemctl daemon-reload']],
  ['journalctl', ['journalctl -u x', 'journalctl -f'], ['journalctl --vacuum-time=1s', 'journalctl --rotate', 'journalctl --flush']],
  ['dmesg', ['dmesg', 'dmesg -T'], ['dmesg -c', 'dmesg -C', 'dmesg --clear', 'dmesg -n 1']],
  ['crontab', ['crontab -l'], ['crontab -r', 'crontab -e', 'crontab evil.txt']],
  ['sysctl', ['sysctl -a', 'sysctl net.ipv4.ip_forward'], ['sysctl -w net.ipv4.ip_forward=1', 'sysctl net.ipv4.ip_forward=1', 'sysctl -p evil.conf']],
  ['ip', ['ip addr', 'ip route show', 'ip -br link'], ['ip addr add 10.0.0.1/24 dev eth0', 'ip route del default', 'ip link set eth0 down', 'ip addr flush dev eth0']],
  ['timedatectl', ['timedatectl', 'timedatectl status'], ['timedatectl set-time 2020-01-01', 'timedatectl set-ntp false']],
  ['ssh-add', ['ssh-add -l', 'ssh-add -L'], ['ssh-add -D', 'ssh-add ~/.ssh/id_rsa', 'ssh-add -d key']],
  ['gpg', ['gpg --list-keys', 'gpg -K'], ['gpg --delete-secret-key x', 'gpg --import evil.asc', 'gpg --export-secret-keys', 'gpg -d secret.gpg']],
  ['apt', ['apt list --installed', 'apt show curl', 'apt search x'], ['apt install evil', 'apt remove curl', 'apt update']],
  ['brew', ['brew list', 'brew info x', 'brew --prefix'], ['brew install x', 'brew uninstall x', 'brew tap evil/x', 'brew services start x']],
];

let held = 0;
let allowed = 0;
after(() => console.log(`[counts] issue 37 sub-command families: ${ROWS.length} rules, ${allowed} queries still allowed, ${held} writing forms held back; ${SUBCOMMAND_FAMILIES.length} families`));

describe('an allow rule for a query tool covers its queries only', () => {
  for (const [pattern, queries, writes] of ROWS) {
    for (const command of queries) {
      test(`"${pattern}" still allows ${command}`, async () => {
        const decision = await run(command, pattern);
        assert.equal(decision.action, 'allow', decision.reason);
        allowed++;
      });
    }
    for (const command of writes) {
      test(`"${pattern}" does not allow ${command}`, async () => {
        const decision = await run(command, pattern);
        assert.notEqual(decision.action, 'allow', decision.reason);
        held++;
      });
    }
  }

  test('a rule that names the writing word allows it', async () => {
    for (const [command, pattern] of [
      ['npm config set registry https://r', 'npm config set'],
      ['git stash drop', 'git stash drop'],
      ['git stash pop', 'git stash *'.replace('*', 'pop')],
      ['man -P cat ls', 'man -P'],
      ['docker image prune -a', 'docker image prune'],
      ['gh pr merge 1', 'gh pr merge'],
    ] as const) {
      assert.equal((await run(command, pattern)).action, 'allow', `${pattern} for ${command}`);
    }
  });

  test('a broad wildcard does not name the word: "npm config *" still asks for set', async () => {
    assert.equal((await run('npm config set x y', 'npm config *')).action, 'ask');
  });

  test('the question names the sub-command and the rule that did not cover it', async () => {
    const decision = await run('npm config set registry https://evil', 'npm config');
    assert.equal(decision.action, 'ask');
    assert.match(decision.reason, /"set" changes the configuration/);
    assert.match(decision.reason, /the rule "npm config" for run_command in settings does not name "set"/i);
  });

  test('without a rule the mode decides as before: a sandbox can still settle it (it asks only because it runs code)', async () => {
    const decision = await policyFor('default').evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'git stash pop' } });
    assert.equal(decision.action, 'ask');
    assert.ok(decision.audit.checks.some((c) => c.asksBecause === 'runs-code'));
  });
});
