import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultEndpoint, keyMayGo, originOf } from '../../../src/core/model/key-endpoint';

describe('a stored key goes only to the origin it is bound to', () => {
  const bound = 'https://api.openai.com/v1';
  const cases: [string, string | undefined, boolean][] = [
    ['the same endpoint', 'https://api.openai.com/v1', true],
    ['another path on the same origin', 'https://api.openai.com/v2/other', true],
    ['upper-case host', 'https://API.OPENAI.COM/v1', true],
    ['the default port written out', 'https://api.openai.com:443/v1', true],
    ['another host', 'https://evil.example/v1', false],
    ['a look-alike sub-domain', 'https://api.openai.com.evil.example/v1', false],
    ['a sub-domain of the bound host', 'https://x.api.openai.com/v1', false],
    ['user-info that names the host', 'https://api.openai.com@evil.example/v1', false],
    ['plain http (a downgrade)', 'http://api.openai.com/v1', false],
    ['another port', 'https://api.openai.com:8443/v1', false],
    ['not a URL', 'api.openai.com', false],
    ['another scheme', 'ftp://api.openai.com/', false],
    ['no endpoint', undefined, false],
  ];
  for (const [name, target, allowed] of cases) {
    test(name, () => assert.equal(keyMayGo(target, [bound]), allowed));
  }

  test('any of several bindings (saved-for and the user’s own) lets it go; none does not', () => {
    assert.ok(keyMayGo('http://127.0.0.1:1234/v1', [undefined, 'http://127.0.0.1:1234']));
    assert.ok(!keyMayGo('http://127.0.0.1:1235/v1', [undefined, 'http://127.0.0.1:1234']));
    assert.ok(!keyMayGo('https://api.anthropic.com', []));
    assert.ok(!keyMayGo('https://api.anthropic.com', [undefined, 'not a url']));
  });

  test('origins and defaults', () => {
    assert.equal(originOf(' https://Example.COM:443/a/b?c '), 'https://example.com');
    assert.equal(originOf('http://[::1]:8080/x'), 'http://[::1]:8080');
    assert.equal(originOf('javascript:alert(1)'), undefined);
    assert.equal(originOf(''), undefined);
    assert.equal(originOf(defaultEndpoint('anthropic')), 'https://api.anthropic.com');
    assert.equal(originOf(defaultEndpoint('openai')), 'https://api.openai.com');
    assert.equal(originOf(defaultEndpoint('gemini')), 'https://generativelanguage.googleapis.com');
    assert.equal(defaultEndpoint('openai-compatible'), undefined);
    assert.equal(defaultEndpoint('azure-openai'), undefined);
  });
});
