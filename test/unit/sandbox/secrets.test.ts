// Issue 36 §4: what of the user's credentials a sandboxed command gets. Credential-shaped variables are left out
// of its environment (but those the user names), the workspace's secret files are found and made unreadable (but
// those the user names), and the same files ask when read through a tool.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { allowedThrough, isCredentialVariable, sandboxEnvironment, valueHoldsCredential } from '../../../src/core/sandbox/credential-variables';
import { CREDENTIAL_STORES } from '../../../src/core/sandbox/credential-stores';
import { DEFAULT_DENY_READ } from '../../../src/core/sandbox/boundary';
import { secretFileKind, withUnreadable } from '../../../src/core/sandbox/secret-files';
import { holdsToken, secretFilesIn } from '../../../src/host/sandbox/secret-file-scan';
import { sensitivityOfPath, globMaySelectSensitive } from '../../../src/core/permissions/sensitive-files';
import { policyFor } from '../permissions/fixtures';
import { readFileSync } from 'node:fs';
const packageJson: unknown = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));

const CREDENTIALS = [
  'GITHUB_TOKEN', 'GH_TOKEN', 'NPM_TOKEN', 'NODE_AUTH_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_ACCESS_KEY_ID',
  'OPENAI_API_KEY', 'STRIPE_SECRET_KEY', 'PGPASSWORD', 'MYSQL_PWD', 'DB_PASSWORD', 'DB_PASS', 'SSHPASS', 'TWINE_PASSWORD',
  'CARGO_REGISTRY_TOKEN', 'GEM_HOST_API_KEY', 'HF_TOKEN', 'VAULT_TOKEN', 'CI_JOB_TOKEN', 'SENTRY_DSN', 'DATABASE_URL',
  'PROD_DATABASE_URL', 'SLACK_WEBHOOK_URL', 'GOOGLE_CLIENT_SECRET', 'RAILS_MASTER_KEY', 'npm_config__auth', 'NPM_CONFIG__AUTHTOKEN',
  'GITHUBTOKEN', 'MY_APIKEY', 'PRIVATE_KEY', 'SIGNING_PRIVATEKEY', 'AZURE_CLIENT_CREDENTIALS', 'DOCKER_AUTH_CONFIG', 'GPG_PASSPHRASE',
  'SESSION_COOKIE', 'GITLAB_PAT', 'REDIS_URL', 'SQL_CONNECTION_STRING', 'ghp_token', 'OAUTH_CLIENT_ID_AND_SECRET', 'CREDS',
];
const HARMLESS = [
  'PATH', 'HOME', 'PWD', 'OLDPWD', 'LANG', 'NODE_ENV', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'TOKENIZERS_PARALLELISM', 'CI',
  'AWS_REGION', 'AWS_PROFILE', 'TERM', 'SHELL', 'EDITOR', 'KEYBOARD_LAYOUT', 'XDG_SESSION_TYPE', 'PASSENGER_APP_ENV', 'PYTHONPATH',
  'NO_COLOR', 'DISPLAY', 'USER',
];

describe('credential variables', () => {
  for (const name of CREDENTIALS) test(`${name} is a credential`, () => assert.ok(isCredentialVariable(name)));
  for (const name of HARMLESS) test(`${name} is not a credential`, () => assert.ok(!isCredentialVariable(name)));

  test('a value carrying a password is one whatever its name', () => {
    assert.ok(valueHoldsCredential('https://user:ghp_abc@github.com/x.git'));
    assert.ok(valueHoldsCredential('http://me:pw@proxy.example:3128'));
    assert.ok(valueHoldsCredential('postgres://app:s3cret@db:5432/app'));
    assert.ok(!valueHoldsCredential('https://github.com/x.git'));
    assert.ok(!valueHoldsCredential('user@example.com'));
    assert.ok(!valueHoldsCredential('git@github.com:x/y.git'));
    assert.ok(!valueHoldsCredential('https://user@host/'));
  });

  test('the environment of a sandboxed command: credentials out, the user\'s exceptions in, names of the removed only', () => {
    const env = { PATH: '/usr/bin', GITHUB_TOKEN: 'ghp_1', NPM_TOKEN: 'npm_2', HTTPS_PROXY: 'http://u:p@proxy:1', NODE_ENV: 'test', NPM_CONFIG_REGISTRY: 'https://r' };
    const out = sandboxEnvironment(env, ['npm_token']);
    assert.deepEqual(out.env, { PATH: '/usr/bin', NPM_TOKEN: 'npm_2', NODE_ENV: 'test', NPM_CONFIG_REGISTRY: 'https://r' });
    assert.deepEqual(out.removed.sort(), ['GITHUB_TOKEN', 'HTTPS_PROXY']);
    assert.ok(!JSON.stringify(out.removed).includes('ghp_1'));
  });

  test('an exception by prefix; a bare * hands nothing over', () => {
    assert.ok(allowedThrough('NPM_TOKEN', ['NPM_*']));
    assert.ok(!allowedThrough('GITHUB_TOKEN', ['NPM_*']));
    assert.ok(!allowedThrough('GITHUB_TOKEN', ['*']));
    assert.deepEqual(Object.keys(sandboxEnvironment({ GITHUB_TOKEN: 'x' }, ['*']).env), []);
  });
});

describe('secret files', () => {
  const secret = [
    '.env', '.env.local', '.env.production', '.env.development.local', '.envrc', '.env.keys', 'prod.env', 'id_rsa', 'id_ed25519',
    'server.pem', 'tls.key', 'cert.p12', 'release.keystore', 'upload.jks', 'AuthKey_ABC.p8', 'config/master.key',
    'config/credentials/production.key', 'config/secrets.yml', 'config/secrets/prod/prod.decrypt.private.php', '.streamlit/secrets.toml',
    'infra/prod.tfvars', 'infra/prod.tfvars.json', 'terraform.tfstate', 'terraform.tfstate.backup', 'credentials.json',
    'service-account.json', 'service-account-prod.json', 'myapp-firebase-adminsdk-x1y2z.json', 'client_secret_123.apps.googleusercontent.com.json',
    'gha-creds-abc123.json', '.pypirc', '.netrc', '.git-credentials', '.aws/credentials', '.docker/config.json', 'android/key.properties',
    'cluster.kubeconfig',
  ];
  const notSecret = [
    '.env.example', '.env.sample', '.env.template', 'src/env.ts', 'environment.ts', 'id_rsa.pub', 'config/secrets.example.yml',
    'secrets.yml', 'README.md', 'config/application-prod.properties', 'package.json', 'keys.ts', 'tsconfig.json', 'credentials.ts',
    'src/tokenizer.py', 'docs/keys.md',
  ];
  for (const path of secret) test(`${path} is a secret file`, () => assert.equal(secretFileKind(path.split('/')), 'secret'));
  for (const path of notSecret) test(`${path} is not`, () => assert.equal(secretFileKind(path.split('/')), undefined));
  test('token configuration and secret code are kinds of their own', () => {
    assert.equal(secretFileKind(['.npmrc']), 'token-config');
    assert.equal(secretFileKind(['.yarnrc.yml']), 'token-config');
    assert.equal(secretFileKind(['mysite', 'local_settings.py']), 'secret-code');
  });

  test('each asks when read through a tool, as .env does; examples do not', () => {
    for (const path of [...secret, '.npmrc', 'mysite/local_settings.py']) assert.ok(sensitivityOfPath(path, false), path);
    for (const path of notSecret) assert.equal(sensitivityOfPath(path, false), undefined, path);
  });

  test('a glob that names a kind of secret file asks; one that names nothing does not', () => {
    for (const glob of ['*.pem', 'config/*.key', '*.tfvars', 'id_*', 'service-account*.json', '*.tfstate']) assert.ok(globMaySelectSensitive(glob, false), glob);
    for (const glob of ['*', '*.*', 'src/*', '*.ts', '*.md']) assert.equal(globMaySelectSensitive(glob, false), undefined, glob);
  });

  test('read_file and cat of a framework secret file ask in every mode; an example does not', async () => {
    for (const mode of ['default', 'yolo'] as const) {
      const policy = policyFor(mode);
      for (const path of ['config/master.key', 'config/credentials/production.key', 'config/secrets.yml', '.streamlit/secrets.toml']) {
        const read = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: [path] } });
        assert.equal(read.action, 'ask', `${mode} read_file ${path}`);
        const cat = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: `cat ${path}` } });
        assert.equal(cat.action, 'ask', `${mode} cat ${path}`);
      }
      const example = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: ['.env.example'] } });
      assert.equal(example.action, 'allow');
    }
  });
});

describe('the workspace scan before a sandboxed command', () => {
  const root = mkdtempSync(join(tmpdir(), 'relay-secret-scan-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const put = (rel: string, text = 'x') => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  put('.env', 'A=1');
  put('.env.example', 'A=');
  put('apps/api/config/.env.local');
  put('a/b/c/d/e/deep.pem');
  put('a/b/c/d/e/f/too-deep.pem');
  put('node_modules/pkg/test/fixture.pem');
  put('config/master.key');
  put('.venv-files/x.txt');
  mkdirSync(join(root, '.env-venv', 'bin'), { recursive: true });
  mkdirSync(join(root, 'py', '.env', 'bin'), { recursive: true }); // a virtualenv named .env: a folder
  put('py/.env/bin/python', '#!');
  put('web/.npmrc', 'registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n');
  put('pkg/.npmrc', '//registry.npmjs.org/:_authToken=npm_LITERAL\n');
  put('yarn/.yarnrc.yml', 'npmScopes:\n  acme:\n    npmAuthToken: "abc"\n');
  put('tests/fixtures/cert.pem');
  symlinkSync(join(root, '.env'), join(root, 'linked.env'));

  test('finds the secret files to the scan depth, files only, skipping installed packages', async () => {
    const found = (await secretFilesIn([root])).map((p) => p.slice(root.length + 1));
    assert.deepEqual(found, ['.env', 'a/b/c/d/e/deep.pem', 'apps/api/config/.env.local', 'config/master.key', 'linked.env', 'pkg/.npmrc', 'tests/fixtures/cert.pem', 'yarn/.yarnrc.yml']);
  });

  test('the user\'s patterns leave named files readable, by path or by name in any folder', async () => {
    const found = (await secretFilesIn([root], ['tests/fixtures/*.pem', '.env.local'])).map((p) => p.slice(root.length + 1));
    assert.ok(!found.includes('tests/fixtures/cert.pem'));
    assert.ok(!found.includes('apps/api/config/.env.local'));
    assert.ok(found.includes('.env'));
  });

  test('npm and Yarn configuration is a secret only with a literal token', async () => {
    assert.equal(await holdsToken(join(root, 'web/.npmrc')), false);
    assert.equal(await holdsToken(join(root, 'pkg/.npmrc')), true);
    assert.equal(await holdsToken(join(root, 'yarn/.yarnrc.yml')), true);
  });

  test('the files found join the boundary\'s unreadable paths', () => {
    const b = withUnreadable({ denyRead: ['/h/.ssh'], allowWrite: [] as string[] }, ['/w/.env', '/h/.ssh']);
    assert.deepEqual(b.denyRead, ['/h/.ssh', '/w/.env']);
  });
});

describe('credential stores in the home folder', () => {
  const required = [
    '~/.config/gh', '~/.git-credentials', '~/.config/git/credentials', '~/.pypirc', '~/.cargo/credentials', '~/.cargo/credentials.toml',
    '~/.gnupg', '~/.vault-token', '~/.m2/settings.xml', '~/.m2/settings-security.xml', '~/.yarnrc', '~/.yarnrc.yml', '~/.gem/credentials',
    '~/.terraform.d/credentials.tfrc.json', '~/.docker/config.json', '~/.config/Code/User/globalStorage', '~/.kube', '~/.npmrc', '~/.netrc',
    '~/.aws', '~/.azure', '~/.config/gcloud', '~/.ssh',
  ];
  test('every store the issue names is unreadable by default', () => {
    for (const p of required) assert.ok(DEFAULT_DENY_READ.includes(p), p);
  });
  test('the setting\'s default in package.json is the same list', () => {
    const config = (packageJson as { contributes: { configuration: { properties: Record<string, { default?: unknown; scope?: string }> } } }).contributes.configuration.properties;
    assert.deepEqual(config['relay.sandbox.denyRead']!.default, [...CREDENTIAL_STORES]);
    for (const key of ['relay.sandbox.allowCredentialVariables', 'relay.sandbox.allowSecretFiles']) assert.equal(config[key]!.scope, 'machine', `${key}: a workspace must not set it`);
  });
});
