// A minimal VS Code language pack, packaged as a .vsix, standing in for the marketplace's (e.g.
// MS-CEINTL.vscode-language-pack-zh-hans, which cannot be downloaded offline). It has what makes VS Code switch
// its display language: a `localizations` contribution for the language with a core ("vscode") translation file.
// The file is nearly empty, so VS Code's own UI keeps its English strings while the language resolves to the
// pack's: `vscode.env.language` becomes it and extensions' package.nls.<language>.json and l10n bundles apply.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from './server';

export interface LanguagePack {
  vsix: string;
  dispose(): void;
}

/** Builds the pack for `languageId` (e.g. `zh-cn`) with the repository's own vsce; a few seconds. */
export function buildLanguagePack(languageId: string, languageName: string): LanguagePack {
  const dir = tempDir(`language-pack-${languageId}`);
  const source = join(dir, 'source');
  mkdirSync(join(source, 'translations'), { recursive: true });
  const manifest = {
    name: `language-pack-${languageId}-stand-in`,
    displayName: `${languageName} language pack (test stand-in)`,
    description: `Switches VS Code's display language to ${languageId}; no core translations.`,
    publisher: 'relay-test',
    version: '1.0.0',
    license: 'MIT',
    engines: { vscode: '^1.95.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [{ languageId, languageName, localizedLanguageName: languageName, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] }],
    },
  };
  writeFileSync(join(source, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(source, 'translations', 'main.i18n.json'), JSON.stringify({ version: '1.0.0', contents: {} }));
  writeFileSync(join(source, 'README.md'), `# ${manifest.displayName}\n`);
  writeFileSync(join(source, 'LICENSE'), 'MIT\n');
  const vsix = join(dir, `${manifest.name}.vsix`);
  const vsce = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const r = spawnSync(vsce, ['package', '--allow-missing-repository', '--out', vsix], { cwd: source, encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`packaging the ${languageId} language pack failed:\n${r.stdout}\n${r.stderr}`);
  }
  return { vsix, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
