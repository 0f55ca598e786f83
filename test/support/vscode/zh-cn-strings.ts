// Relay's Simplified Chinese, as the E2E suites that run VS Code in zh-cn check it: the l10n bundle's messages and
// package.nls.zh-cn.json's titles, read from the repository. A missing translation fails loudly.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server';

const read = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as Record<string, string>;
export const ZH_BUNDLE: Readonly<Record<string, string>> = read(join('l10n', 'bundle.l10n.zh-cn.json'));
export const ZH_NLS: Readonly<Record<string, string>> = read('package.nls.zh-cn.json');

/** The Chinese of an English message, with `{0}`… filled. */
export function zh(english: string, ...args: string[]): string {
  const text = ZH_BUNDLE[english];
  assert.ok(text, `l10n/bundle.l10n.zh-cn.json translates "${english}"`);
  return text.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '');
}

/** A contribution's Chinese title (package.nls.zh-cn.json), e.g. `command.reviewMyChanges.title`. */
export function zhTitle(key: string): string {
  const text = ZH_NLS[key];
  assert.ok(text, `package.nls.zh-cn.json has ${key}`);
  return text;
}
