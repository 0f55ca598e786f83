// The settings that hold approval rules and the mode: zod for reading them, JSON Schema for package.json.
// The JSON Schema is exported so a test or script can check package.json `contributes.configuration` matches it.
import { z } from 'zod';
import { canonicalJson } from './loop-guard';
import type { PermissionRule } from './types';

export const APPROVAL_MODES = ['default', 'auto-edit', 'yolo', 'plan'] as const;
export const PERMISSION_ACTIONS = ['allow', 'ask', 'deny'] as const;
export const RULE_SUBJECTS = ['command', 'path', 'domain'] as const;

export const ApprovalModeSchema = z.enum(APPROVAL_MODES);

export const PermissionRuleSchema = z
  .object({
    tool: z.string().min(1),
    pattern: z.string().min(1),
    action: z.enum(PERMISSION_ACTIONS),
    subject: z.enum(RULE_SUBJECTS).optional(),
    reason: z.string().optional(),
  })
  .strict();

export const PermissionRulesSchema = z.array(PermissionRuleSchema);

export const APPROVAL_MODE_SETTING = 'relay.approvalMode';
export const PERMISSION_RULES_SETTING = 'relay.permissions';

/** The `contributes.configuration.properties` entries, exactly as package.json must contain them. */
export const PERMISSION_SETTINGS_JSON_SCHEMA = {
  [APPROVAL_MODE_SETTING]: {
    type: 'string',
    enum: [...APPROVAL_MODES],
    enumDescriptions: [
      'Ask before every file change and every command.',
      'Edit files inside the workspace without asking; ask before commands.',
      'Run everything without asking, except what a rule denies or asks for, files outside the workspace and sensitive files.',
      'Plan only: read-only tools run, file changes and commands are refused.',
    ],
    default: 'default',
    description: 'When Relay asks before it changes files or runs commands.',
  },
  [PERMISSION_RULES_SETTING]: {
    type: 'array',
    default: [],
    markdownDescription:
      'Approval rules, checked before the approval mode. `pattern` is a command prefix or glob (`npm test`, `git push * --force`) for commands, a path glob (`src/**`) for files and a host (`docs.python.org`, `*.python.org`) for web_fetch. Private, loopback and link-local addresses are fetched only when a rule names the address (`127.0.0.1`, `192.168.*`) or `localhost`. A deny always wins; otherwise the most specific rule wins (an exact tool name before `*`, then the longer literal pattern, the later rule on a tie).',
    items: {
      type: 'object',
      properties: {
        tool: { type: 'string', minLength: 1, description: '`*`, a tool name such as `run_command` or `write_file`, or a tool glob such as `mcp__github__*`.' },
        pattern: { type: 'string', minLength: 1, description: 'Command prefix or glob, path glob, or domain.' },
        action: { type: 'string', enum: [...PERMISSION_ACTIONS] },
        subject: {
          type: 'string',
          enum: [...RULE_SUBJECTS],
          description: 'Match only commands, only paths or only web domains. All when left out.',
        },
        reason: { type: 'string', description: 'Shown when the rule applies; sent to the model when it denies.' },
      },
      required: ['tool', 'pattern', 'action'],
      additionalProperties: false,
    },
  },
} as const;

export interface ParsedRules {
  rules: PermissionRule[];
  /** One line per entry that was ignored, for a warning the user can act on. */
  problems: string[];
}

/** Reads the rules setting, keeping every valid entry: one typo must not silently drop all the others. */
export function parsePermissionRules(value: unknown): ParsedRules {
  if (value === undefined || value === null) return { rules: [], problems: [] };
  if (!Array.isArray(value)) return { rules: [], problems: [`${PERMISSION_RULES_SETTING} must be an array of rules`] };
  const rules: PermissionRule[] = [];
  const problems: string[] = [];
  value.forEach((entry: unknown, index) => {
    const parsed = PermissionRuleSchema.safeParse(entry);
    if (parsed.success) rules.push(parsed.data);
    else {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'rule'}: ${i.message}`).join('; ');
      problems.push(`${PERMISSION_RULES_SETTING}[${index}] ignored (${issues})`);
    }
  });
  return { rules, problems };
}

/** Lists the differences between package.json's configuration properties and the schema above. */
export function findSettingsSchemaDrift(properties: Record<string, unknown>): string[] {
  const drift: string[] = [];
  for (const [key, expected] of Object.entries(PERMISSION_SETTINGS_JSON_SCHEMA)) {
    if (!(key in properties)) drift.push(`${key} is missing`);
    else if (canonicalJson(properties[key]) !== canonicalJson(expected)) drift.push(`${key} differs`);
  }
  return drift;
}
