// Secret files in a workspace (issue 36 §4, issue 37 "Commands"): files that hold credentials and that projects
// keep out of version control by convention. Sandboxed commands cannot read them (the user can name exceptions
// in `relay.sandbox.allowSecretFiles`), and the model-visible reads (`read_file`, `cat`) ask, as `.env` always did.
//
// Decided: a file counts when it only holds secrets or keys, by its name or place — `.env` and its variants but
// the examples, private keys and key stores, the secret files of Rails, Symfony, Streamlit, Terraform and Google
// Cloud, and `.pypirc`. Two kinds are judged differently:
// - configuration that a tool needs and that holds a token only sometimes (`.npmrc`, `.yarnrc.yml`): reading it
//   through a tool asks; in the sandbox it is unreadable only when it holds a token (secret-file-scan.ts reads it);
// - code the project imports that conventionally holds secrets (Django's `local_settings.py`): reading it through a
//   tool asks, but the sandbox leaves it readable, since the project's own tests import it.
// Spring's `application-*.properties` are the project's configuration, usually committed: not secret files.

/** Example env files hold no secrets and are meant to be edited. */
export const ENV_EXAMPLES: ReadonlySet<string> = new Set(['.env.example', '.env.sample', '.env.template']);

const PRIVATE_KEY_NAMES = new Set(['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk', 'identity']);
/** Keys and key stores: PEM keys, PKCS#12, Java and Android key stores, PuTTY keys, Apple's .p8 auth keys. */
const KEY_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.ppk', '.p8'];
const SECRET_NAMES = new Set([
  'secrets.toml', // Streamlit (.streamlit/secrets.toml)
  'terraform.tfstate',
  'terraform.tfstate.backup',
  'credentials.json', // Google OAuth client and gcloud credentials
  '.pypirc',
  '.netrc',
  '.git-credentials',
  '.htpasswd',
  '.pgpass',
  '.vault-token',
  'key.properties', // Flutter/Android signing passwords
  'keystore.properties',
  'kubeconfig',
]);
/** Config a tool needs that may hold a token: asks when read through a tool; in the sandbox only if it has one. */
export const TOKEN_CONFIG_NAMES: ReadonlySet<string> = new Set(['.npmrc', '.yarnrc', '.yarnrc.yml']);
/** Code the project imports, conventionally holding its secrets: asks when read through a tool only. */
const SECRET_CODE_NAMES = new Set(['local_settings.py']);

export type SecretFileKind = 'secret' | 'token-config' | 'secret-code';

/**
 * Whether a path names a secret file, and which kind. `segments`: the path's components (workspace-relative
 * or absolute), as the file system compares them (the caller folds case where it is ignored).
 */
export function secretFileKind(segments: readonly string[]): SecretFileKind | undefined {
  const name = segments[segments.length - 1] ?? '';
  const parent = segments[segments.length - 2] ?? '';
  const grandparent = segments[segments.length - 3] ?? '';
  if (name === '') return undefined;
  if ((name.startsWith('.env') || name.endsWith('.env')) && !ENV_EXAMPLES.has(name)) return 'secret';
  if (PRIVATE_KEY_NAMES.has(name) && parent === '.ssh') return 'secret';
  if (PRIVATE_KEY_NAMES.has(name) && name !== 'identity') return 'secret';
  if (KEY_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'secret';
  if (SECRET_NAMES.has(name)) return 'secret';
  if (name.endsWith('.tfvars') || name.endsWith('.tfvars.json') || name.endsWith('.tfstate') || name.endsWith('.kubeconfig')) return 'secret';
  // Rails: config/secrets.yml (config/master.key and config/credentials/*.key are keys above).
  if (name === 'secrets.yml' && parent === 'config') return 'secret';
  // Symfony's secrets vault: the decryption key (config/secrets/<env>/<env>.decrypt.private.php).
  if (name.endsWith('.decrypt.private.php')) return 'secret';
  // Google Cloud service account keys, Firebase Admin SDK keys, OAuth client secrets, keys left by CI auth actions.
  if (name.endsWith('.json') && (name.startsWith('service-account') || name.startsWith('serviceaccount') || name.includes('-adminsdk-') || name.startsWith('client_secret') || name.startsWith('gha-creds-'))) return 'secret';
  // Cloud CLIs' stores kept in a project folder: .aws/credentials, .docker/config.json.
  if ((parent === '.aws' && name === 'credentials') || (parent === '.docker' && name === 'config.json')) return 'secret';
  if (grandparent === '.microsoft' && parent === 'usersecrets') return 'secret';
  if (TOKEN_CONFIG_NAMES.has(name)) return 'token-config';
  if (SECRET_CODE_NAMES.has(name)) return 'secret-code';
  return undefined;
}

/** Names to try a shell glob against (`cat *.pem`, `cat config/*.key`): one of each kind above. */
export const SECRET_FILE_SAMPLES: readonly string[] = ['.env', '.env.local', '.env.production', 'id_rsa', 'server.pem', 'master.key', 'secrets.toml', 'terraform.tfstate', 'prod.tfvars', 'credentials.json', 'service-account.json', '.pypirc', '.npmrc'];

/** The boundary with more paths unreadable: the workspace's secret files found, VS Code's own storage. */
export function withUnreadable<B extends { denyRead: string[] }>(boundary: B, paths: readonly string[]): B {
  return paths.length === 0 ? boundary : { ...boundary, denyRead: [...new Set([...boundary.denyRead, ...paths])] };
}
