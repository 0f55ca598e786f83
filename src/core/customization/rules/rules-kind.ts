// The rules kind: finds every peer's instructions files (rule-sources.ts), reads each in its own format and keeps
// each source's activation meaning. The same text reached twice (a symlink, a CLAUDE.md importing AGENTS.md, two
// identical copies) is included once, the first time in source order.
import { basename, dirname, join } from 'node:path';
import picomatch from 'picomatch';
import { l10n } from '../../l10n';
import { type FrontmatterProblem, splitFrontmatter } from '../frontmatter';
import type { CustomizationFileReport, CustomizationKind, CustomizationReader, FoundFile, LoadedKind } from '../registry';
import { withImports } from './claude-imports';
import type { Rule } from './rule';
import { RULE_FORMATS, type RuleFormat } from './rule-sources';

export const RULES_KIND_ID = 'rules';

export function createRulesKind(title: string, home?: string): CustomizationKind<Rule> {
  return {
    id: RULES_KIND_ID,
    title,
    patterns: RULE_FORMATS.flatMap((format) => format.patterns),
    load: (files, reader) => loadRules(files, reader, home),
  };
}

const matchers = RULE_FORMATS.map((format) => ({ format, isMatch: picomatch([...format.patterns], { dot: true }) }));

function formatOf(file: FoundFile): RuleFormat | undefined {
  return matchers.find(({ format, isMatch }) => isMatch(file.relative) && !format.exclude?.(file.relative))?.format;
}

export async function loadRules(files: readonly FoundFile[], reader: CustomizationReader, home?: string): Promise<LoadedKind<Rule>> {
  const byFormat = new Map<RuleFormat, FoundFile[]>();
  for (const file of files) {
    const format = formatOf(file);
    if (format && file.root !== undefined) byFormat.set(format, [...(byFormat.get(format) ?? []), file]);
  }
  const rules: Rule[] = [];
  const reports: CustomizationFileReport[] = [];
  const seenFiles = new Set<string>();
  const seenTexts = new Set<string>();
  for (const format of RULE_FORMATS) {
    // Roo reads its rule folders alphabetically; every source here is read in path order.
    for (const file of (byFormat.get(format) ?? []).sort((a, b) => (a.relative < b.relative ? -1 : 1))) {
      const report: CustomizationFileReport = { path: file.path, source: format.source, problems: [] };
      reports.push(report);
      // A rule file in the workspace that links out of it (to a private key, a credentials file) is not read: the
      // rules go to the model like read_file's output, and read_file asks about such a path.
      if (reader.inWorkspace(file.path) && !(await reader.reachesInsideWorkspace(file.path))) {
        report.problems.push({ line: 1, message: l10n.t('Not read: it links to a file outside the workspace.') });
        continue;
      }
      const real = await reader.realPath(file.path);
      if (seenFiles.has(real)) {
        report.summary = l10n.t('same file as one already loaded (a link): included once');
        continue;
      }
      seenFiles.add(real);
      const raw = await reader.read(file.path);
      if (raw === undefined) {
        report.problems.push({ line: 1, message: l10n.t('Not read: unreadable or larger than 256 KB.') });
        continue;
      }
      const { rule, alreadyIncluded } = await readRule(format, file, raw, reader, seenFiles, home, report.problems);
      const key = rule.text.trim();
      if (key === '') {
        report.summary = alreadyIncluded.length > 0 ? l10n.t('only imports {0}, already loaded: included once', alreadyIncluded.join(', ')) : l10n.t('empty');
        continue;
      }
      if (seenTexts.has(key)) {
        report.summary = l10n.t('same text as a file already loaded: included once');
        continue;
      }
      seenTexts.add(key);
      rules.push(rule);
      report.summary = describeActivation(rule);
    }
  }
  nameUniquely(rules);
  return { entries: rules, files: reports };
}

async function readRule(
  format: RuleFormat,
  file: FoundFile,
  raw: string,
  reader: CustomizationReader,
  seen: Set<string>,
  home: string | undefined,
  problems: FrontmatterProblem[],
): Promise<{ rule: Rule; alreadyIncluded: string[] }> {
  const split = format.frontmatter ? splitFrontmatter(raw) : { data: {}, hasFrontmatter: false, body: raw, bodyLine: 1, problems: [] };
  problems.push(...split.problems);
  const meaning = format.activation(split, { warn: (message) => problems.push({ line: 1, message }) }, file.relative);
  let text = split.body;
  let alreadyIncluded: string[] = [];
  if (format.source === 'CLAUDE.md') {
    const imported = await withImports(file.path, text, reader, seen, home);
    text = imported.text;
    alreadyIncluded = imported.alreadyIncluded;
    problems.push(...imported.problems);
  }
  const root = file.root!;
  const rule: Rule = {
    name: ruleName(file.relative),
    path: file.path,
    display: file.relative,
    source: format.source,
    activation: meaning.activation,
    ...(meaning.globs ? { globs: meaning.globs } : {}),
    base: baseOf(root, file.relative, meaning.activation),
    ...(meaning.description ? { description: meaning.description } : {}),
    ...(meaning.mode ? { mode: meaning.mode } : {}),
    text,
  };
  return { rule, alreadyIncluded };
}

/** Globs are relative to the workspace folder, except in a nested `.cursor/rules` (its parent folder); a nested file's scope is its folder. */
function baseOf(root: string, relative: string, activation: Rule['activation']): string {
  if (activation === 'nested') return join(root, dirname(relative));
  const cursor = relative.indexOf('.cursor/rules/');
  if (cursor > 0) return join(root, relative.slice(0, cursor - 1));
  return root;
}

/** `.cursor/rules/typescript.mdc` → "typescript"; `.github/instructions/react.instructions.md` → "react". */
function ruleName(relative: string): string {
  const file = basename(relative);
  for (const suffix of ['.instructions.md', '.mdc', '.md', '.txt']) if (file.endsWith(suffix) && file !== suffix) return file.slice(0, -suffix.length);
  return file.replace(/^\./, '');
}

/** Two rules with one name (a Cursor and a Copilot "react"): each keeps its name with its folder in front. */
function nameUniquely(rules: Rule[]): void {
  const counts = new Map<string, number>();
  for (const rule of rules) counts.set(rule.name, (counts.get(rule.name) ?? 0) + 1);
  for (const rule of rules) if ((counts.get(rule.name) ?? 0) > 1) rule.name = rule.display;
}

export function describeActivation(rule: Rule): string {
  switch (rule.activation) {
    case 'always':
      return l10n.t('always on');
    case 'glob':
      return l10n.t('when a file matches {0}', (rule.globs ?? []).join(', '));
    case 'nested':
      return l10n.t('for files under {0}/ (the closest wins)', dirname(rule.display));
    case 'catalogue':
      return l10n.t('listed for the model: {0}', rule.description ?? '');
    case 'manual':
      return l10n.t('only when named: @{0}', rule.name);
    case 'mode':
      return l10n.t('in the "{0}" agent only', rule.mode ?? '');
  }
}
