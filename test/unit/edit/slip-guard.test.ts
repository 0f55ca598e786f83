import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isEdgeSlip, isSlip, withoutComment } from '../../../src/core/edit/slip-guard';

test('an edge line may differ by a parameter name, a type, an argument or a comment', () => {
  const slips: Array<[string, string]> = [
    ['export function parseConfig(text, options) {', 'export function parseConfig(text, opts) {'],
    ['def load(path, encoding="utf-8"):', 'def load(path, enc="utf-8"):'],
    ['register(route: Route, handler: Handler): void {', 'register(route, handler: Handler): void {'],
    ['}', '} // parseConfig'],
    ['};', '}; /* end */'],
    ['return settings', 'return settings  # validated'],
    ['// Sums the prices.', '// Returns the total.'],
    ['metrics.count("a", n);', 'metrics.count("a", n, tags);'],
    ['func (s *Store) Get(key string) ([]byte, error) {', 'func (s *Store) Get(k string) ([]byte, error) {'],
    ['export function cartTotal(items, discount) {', 'export function cartTotl(items, discount) {'],
  ];
  for (const [file, model] of slips) assert.equal(isEdgeSlip(file, model).ok, true, `${file} / ${model}`);
});

test('an edge line may not flip meaning, declare another name or be another line', () => {
  const refused: Array<[string, string]> = [
    ['if (user.isAdmin) {', 'if (!user.isAdmin) {'],
    ['if (user.isAdmin) {', 'while (user.isAdmin) {'],
    ['if (panel.isEnabled) {', 'if (panel.isDisabled) {'],
    ['if (list.isEmpty()) {', 'if (list.isNotEmpty()) {'],
    ['lock(resource);', 'unlock(resource);'],
    ['const v = Math.max(a, b);', 'const v = Math.min(a, b);'],
    ['function connect(host, timeout = 5000) {', 'function connect(host, timeout = 3000) {'],
    ['return a + b;', 'return a - b;'],
    ['def check(config, strict=True):', 'def check(config, strict=False):'],
    ['function saveUser(user) {', 'function deleteUser(user) {'],
    ['log(batch.length);', '// log the size'],
    ['const batch = queue.drain();', 'await warmUp(pool);'],
    ['}', ')'],
    ['function f(a) {', 'async function f(a) {'],
  ];
  for (const [file, model] of refused) assert.equal(isEdgeSlip(file, model).ok, false, `${file} / ${model}`);
});

test('the slip guard of every line refuses opposite words its letters cannot tell apart', () => {
  for (const [file, model] of [
    ['if (item.visible) {', 'if (item.invisible) {'],
    ['if (form.valid) {', 'if (form.invalid) {'],
    ['socket.connect(host);', 'socket.disconnect(host);'],
    ['const upper = bound.upper;', 'const upper = bound.lower;'],
  ]) {
    assert.equal(isSlip(file!, model!, true).ok, false, `${file} / ${model}`);
  }
  assert.equal(isSlip('const total = cart.total;', 'const total = cart.totl;', true).ok, true);
});

test('comments are cut only where they start a comment', () => {
  assert.equal(withoutComment('} // end'), '}');
  assert.equal(withoutComment('x = 1  # note'), 'x = 1');
  assert.equal(withoutComment('url = "http://example.com"'), 'url = "http://example.com"');
  assert.equal(withoutComment('color: #fff;'), 'color: #fff;');
  assert.equal(withoutComment('i--;'), 'i--;');
});
