// Where each peer keeps its rules and what a file of that format means: its activation when it has no
// frontmatter, and which fields move it to glob, catalogue or manual (docs: ../shared/docs/customization-formats.md).
import { booleanField, listField, type SplitMarkdown, stringField, type FieldProblems } from '../frontmatter';
import type { RuleActivation } from './rule';

export interface RuleFormat {
  /** Shown in Show Customizations. */
  source: string;
  /** Globs relative to a workspace folder. */
  patterns: readonly string[];
  /** Whether the file has frontmatter to read (plain files such as `.cursorrules` do not). */
  frontmatter: boolean;
  /** What the file means given its frontmatter. */
  activation(split: SplitMarkdown, problems: FieldProblems, relative: string): RuleMeaning;
  /** Files to leave out although a pattern matches (a folder's workflows and hooks are not rules). */
  exclude?: (relative: string) => boolean;
}

export interface RuleMeaning {
  activation: RuleActivation;
  globs?: string[];
  description?: string;
  mode?: string;
}

const always = (): RuleMeaning => ({ activation: 'always' });

/** Subfolder AGENTS.md / CLAUDE.md: for files under their folder; at the root: always. */
const nestedOrAlways = (_split: SplitMarkdown, _p: FieldProblems, relative: string): RuleMeaning =>
  relative.includes('/') && !relative.startsWith('.claude/') ? { activation: 'nested' } : { activation: 'always' };

/** A glob list that matches everything is the same as always. */
function globsOrAlways(globs: string[] | undefined, otherwise: RuleMeaning): RuleMeaning {
  if (!globs || globs.length === 0) return otherwise;
  if (globs.some((glob) => glob === '**' || glob === '**/*' || glob === '*')) return { ...otherwise, activation: 'always' };
  return { activation: 'glob', globs };
}

export const RULE_FORMATS: readonly RuleFormat[] = [
  { source: 'AGENTS.md', patterns: ['**/AGENTS.md'], frontmatter: false, activation: nestedOrAlways },
  { source: 'Relay rules', patterns: ['.relay/rules.md'], frontmatter: false, activation: always },
  {
    source: 'Relay rule',
    patterns: ['.relay/rules/**/*.md'],
    frontmatter: true,
    activation: (split, problems) => cursorLike(split, problems, 'always'),
  },
  { source: 'CLAUDE.md', patterns: ['**/CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'], frontmatter: false, activation: nestedOrAlways },
  {
    source: 'Claude Code rule',
    patterns: ['.claude/rules/**/*.md'],
    frontmatter: true,
    activation: (split, problems) => globsOrAlways(listField(split.data, 'paths', problems), { activation: 'always' }),
  },
  { source: 'Copilot instructions', patterns: ['.github/copilot-instructions.md'], frontmatter: false, activation: always },
  {
    source: 'Copilot instructions file',
    patterns: ['.github/instructions/**/*.instructions.md'],
    frontmatter: true,
    activation: (split, problems) => {
      const description = stringField(split.data, 'description', problems);
      const otherwise: RuleMeaning = description ? { activation: 'catalogue', description } : { activation: 'manual' };
      return { ...globsOrAlways(listField(split.data, 'applyTo', problems), otherwise), ...(description ? { description } : {}) };
    },
  },
  { source: 'Cursor rule', patterns: ['**/.cursor/rules/**/*.mdc'], frontmatter: true, activation: (split, problems) => cursorLike(split, problems, 'manual') },
  { source: 'Cursor rules (legacy)', patterns: ['.cursorrules'], frontmatter: false, activation: always },
  { source: 'Windsurf rules', patterns: ['.windsurfrules'], frontmatter: false, activation: always },
  {
    source: 'Cline rule',
    patterns: ['.clinerules', '.clinerules/**/*.md', '.clinerules/**/*.txt'],
    frontmatter: true,
    activation: (split, problems) => globsOrAlways(listField(split.data, 'paths', problems), { activation: 'always' }),
    exclude: (relative) => /^\.clinerules\/(workflows|hooks)\//.test(relative),
  },
  { source: 'Roo rule', patterns: ['.roo/rules/**/*', '.roorules'], frontmatter: false, activation: always },
  {
    source: 'Roo mode rule',
    patterns: ['.roo/rules-*/**/*', '.roorules-*'],
    frontmatter: false,
    activation: (_split, _problems, relative) => ({ activation: 'mode', mode: modeOf(relative) }),
  },
  { source: 'Kilo Code rule', patterns: ['.kilocode/rules/**/*'], frontmatter: false, activation: always },
];

/** Cursor's meaning: alwaysApply, else globs, else description (model-requested), else `otherwise`. */
function cursorLike(split: SplitMarkdown, problems: FieldProblems, otherwise: 'manual' | 'always'): RuleMeaning {
  const description = stringField(split.data, 'description', problems);
  const withDescription = description ? { description } : {};
  if (booleanField(split.data, 'alwaysApply', problems) === true) return { activation: 'always', ...withDescription };
  const globs = listField(split.data, 'globs', problems);
  if (globs && globs.length > 0) return { ...globsOrAlways(globs, { activation: 'always' }), ...withDescription };
  if (description) return { activation: 'catalogue', description };
  return { activation: split.hasFrontmatter ? 'manual' : otherwise };
}

function modeOf(relative: string): string {
  const first = relative.split('/')[0]!;
  if (first.startsWith('.roorules-')) return first.slice('.roorules-'.length);
  return relative.split('/')[1]!.slice('rules-'.length);
}
