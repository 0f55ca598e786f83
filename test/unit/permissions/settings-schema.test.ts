import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import {
  APPROVAL_MODE_SETTING,
  ApprovalModeSchema,
  PERMISSION_RULES_SETTING,
  PERMISSION_SETTINGS_JSON_SCHEMA,
  PermissionRuleSchema,
  findSettingsSchemaDrift,
  parsePermissionRules,
} from '../../../src/core/permissions';

describe('settings schema', () => {
  test('the JSON Schema for package.json agrees with the zod schema', () => {
    const fromZod = z.toJSONSchema(PermissionRuleSchema) as Record<string, unknown>;
    const items = PERMISSION_SETTINGS_JSON_SCHEMA[PERMISSION_RULES_SETTING].items;
    const strip = (schema: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, { ...(v as object), description: undefined }]));
    assert.deepEqual(items.required, fromZod.required);
    assert.equal(items.additionalProperties, fromZod.additionalProperties);
    assert.deepEqual(
      JSON.parse(JSON.stringify(strip(items.properties as Record<string, unknown>))),
      JSON.parse(JSON.stringify(strip(fromZod.properties as Record<string, unknown>))),
    );
    const modes = z.toJSONSchema(ApprovalModeSchema) as { enum: string[] };
    assert.deepEqual(PERMISSION_SETTINGS_JSON_SCHEMA[APPROVAL_MODE_SETTING].enum, modes.enum);
  });

  test('parsePermissionRules keeps the valid entries and names the invalid ones', () => {
    const parsed = parsePermissionRules([
      { tool: 'run_command', pattern: 'npm test', action: 'allow' },
      { tool: '*', pattern: '', action: 'allow' },
      { tool: '*', pattern: 'x', action: 'maybe' },
      { tool: '*', pattern: 'x', action: 'deny', extra: 1 },
      { tool: 'write_file', pattern: 'src/**', action: 'ask', subject: 'path', reason: 'review' },
    ]);
    assert.deepEqual(parsed.rules, [
      { tool: 'run_command', pattern: 'npm test', action: 'allow' },
      { tool: 'write_file', pattern: 'src/**', action: 'ask', subject: 'path', reason: 'review' },
    ]);
    assert.equal(parsed.problems.length, 3);
    assert.match(parsed.problems[0]!, /relay\.permissions\[1\] ignored \(pattern:/);
  });

  test('parsePermissionRules: absent is empty, a non-array is one problem', () => {
    assert.deepEqual(parsePermissionRules(undefined), { rules: [], problems: [] });
    assert.equal(parsePermissionRules({ tool: '*' }).problems.length, 1);
  });

  test('findSettingsSchemaDrift reports missing and changed entries, ignoring key order', () => {
    const exact = JSON.parse(JSON.stringify(PERMISSION_SETTINGS_JSON_SCHEMA)) as Record<string, Record<string, unknown>>;
    const reordered = Object.fromEntries(Object.entries(exact).reverse().map(([k, v]) => [k, Object.fromEntries(Object.entries(v).reverse())]));
    assert.deepEqual(findSettingsSchemaDrift(reordered), []);
    assert.deepEqual(findSettingsSchemaDrift({}), [`${APPROVAL_MODE_SETTING} is missing`, `${PERMISSION_RULES_SETTING} is missing`]);
    const changed = { ...exact, [APPROVAL_MODE_SETTING]: { ...exact[APPROVAL_MODE_SETTING], default: 'yolo' } };
    assert.deepEqual(findSettingsSchemaDrift(changed), [`${APPROVAL_MODE_SETTING} differs`]);
  });
});
