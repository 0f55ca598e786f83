import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROTOCOL_VERSION } from '../../../src/shared/protocol';
import { parseWebviewMessage } from '../../../src/shared/protocol-schema';

describe('webview → host protocol validation', () => {
  it('accepts every well-formed message', () => {
    for (const raw of [{ type: 'ready', protocolVersion: PROTOCOL_VERSION }, { type: 'cancelTask' }, { type: 'newTask' }]) {
      const parsed = parseWebviewMessage(raw);
      assert.ok(parsed.ok, JSON.stringify(raw));
      assert.deepEqual(parsed.message, raw);
    }
  });

  it('rejects unknown types, missing fields, extra fields and non-objects', () => {
    const bad: unknown[] = [
      { type: 'runShell', command: 'rm -rf /' },
      { type: 'ready' },
      { type: 'ready', protocolVersion: 1.5 },
      { type: 'cancelTask', extra: true },
      'ready',
      null,
      42,
    ];
    for (const raw of bad) assert.equal(parseWebviewMessage(raw).ok, false, JSON.stringify(raw));
  });

  it('names the offending field without echoing the payload', () => {
    const secret = 'sk-should-never-be-logged';
    const parsed = parseWebviewMessage({ type: 'ready', protocolVersion: secret });
    assert.equal(parsed.ok, false);
    if (!parsed.ok) {
      assert.match(parsed.error, /protocolVersion/);
      assert.ok(!parsed.error.includes(secret));
    }
  });
});
