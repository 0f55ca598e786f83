import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { credentialValues, REDACTED, scrubTerminalSecrets } from '../../../src/core/text/secret-scrub';

describe('scrubbing credentials from terminal text', () => {
  it('replaces the values of the credential-shaped variables the terminal inherited, whatever their shape', () => {
    const env = { MY_SERVICE_TOKEN: 'plain-looking-value-42', HOME: '/home/dev', PWD: '/home/dev/project', SHORT_TOKEN: 'abc', PROXY: 'http://me:hunter2hunter@proxy:3128' };
    const known = credentialValues(env);
    assert.deepEqual(known, ['plain-looking-value-42', 'hunter2hunter']);
    const text = 'calling with plain-looking-value-42\nproxy auth hunter2hunter failed\ncwd /home/dev/project abc';
    assert.equal(scrubTerminalSecrets(text, known), `calling with ${REDACTED}\nproxy auth ${REDACTED} failed\ncwd /home/dev/project abc`);
  });

  it('replaces well-known token shapes, keeping the text around them', () => {
    const tokens = [
      `ghp_${'a1B2'.repeat(9)}`,
      `github_pat_${'x9'.repeat(20)}`,
      `glpat-${'q'.repeat(20)}`,
      'xoxb-1234567890-abcdefghij',
      'AKIAIOSFODNN7EXAMPLE',
      `sk-ant-api03-${'z'.repeat(40)}`,
      `sk-proj-${'Y'.repeat(30)}`,
      `AIza${'k'.repeat(35)}`,
      `npm_${'n'.repeat(36)}`,
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ];
    for (const token of tokens) {
      assert.equal(scrubTerminalSecrets(`error: bad credentials (${token}) at login`), `error: bad credentials (${REDACTED}) at login`, token);
    }
  });

  it('replaces private key blocks, header values, URL passwords and credential assignments', () => {
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAAbm9uZQ==\n-----END OPENSSH PRIVATE KEY-----';
    assert.equal(scrubTerminalSecrets(`$ cat id\n${key}\n$`), `$ cat id\n-----BEGIN OPENSSH PRIVATE KEY-----\n${REDACTED}\n-----END OPENSSH PRIVATE KEY-----\n$`);
    assert.equal(scrubTerminalSecrets("curl -H 'Authorization: Bearer abc.def-123456' https://api"), `curl -H 'Authorization: Bearer ${REDACTED}' https://api`);
    assert.equal(scrubTerminalSecrets('x-api-key: 0123456789abcdef'), `x-api-key: ${REDACTED}`);
    assert.equal(scrubTerminalSecrets('fatal: unable to access https://bob:s3cretpass@git.example.com/r.git'), `fatal: unable to access https://bob:${REDACTED}@git.example.com/r.git`);
    const env = 'HOME=/home/dev\nNPM_TOKEN=whatever1\nDATABASE_URL=postgres://db/x\nPGPASSWORD="pa ss"\nEDITOR=vim';
    assert.equal(scrubTerminalSecrets(env), `HOME=/home/dev\nNPM_TOKEN=${REDACTED}\nDATABASE_URL=${REDACTED}\nPGPASSWORD="${REDACTED}"\nEDITOR=vim`);
    assert.equal(scrubTerminalSecrets('{"api_key": "v4lue", "name": "relay"}'), `{"api_key": "${REDACTED}", "name": "relay"}`);
    assert.equal(scrubTerminalSecrets('GET /cb?code=1&access_token=abcdefgh&x=1'), `GET /cb?code=1&access_token=${REDACTED}&x=1`);
  });

  it('leaves ordinary output alone', () => {
    const text = [
      'npm ERR! code ELIFECYCLE',
      'TypeError: Cannot read properties of undefined (reading "token")',
      'TOKENIZERS_PARALLELISM=false GIT_AUTHOR_NAME=dev PWD=/src',
      'tokens: 1234 used; password: (hidden)',
      'see https://example.com/docs#auth and sk-short',
      'Error: invalid password for user admin',
    ].join('\n');
    assert.equal(scrubTerminalSecrets(text), text);
  });
});
