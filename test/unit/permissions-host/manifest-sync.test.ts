// package.json must say what the code reads: the settings schema (completion in settings.json), the
// restricted settings, the switch command, and the keys the activation bundle repeats without zod.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  APPROVAL_MODE_SETTING,
  APPROVAL_MODES,
  PERMISSION_RULES_SETTING,
  PERMISSION_SETTINGS_JSON_SCHEMA,
  findSettingsSchemaDrift,
} from '../../../src/core/permissions';
import {
  APPROVAL_MODE_KEY,
  APPROVAL_MODE_ORDER,
  MODE_PRESENTATION,
  PERMISSION_RULES_KEY,
  SWITCH_APPROVAL_MODE_COMMAND,
} from '../../../src/host/permissions/approval-modes';
import { localizedManifest } from '../../support/l10n-messages';

interface Manifest {
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations?: string[] } };
  contributes: {
    configuration: { properties: Record<string, unknown> };
    commands: { command: string; title: string; category?: string }[];
  };
}

// As VS Code reads it in English: the %key% strings resolved from package.nls.json.
const manifest = localizedManifest() as unknown as Manifest;

describe('package.json and the permission settings', () => {
  it('contributes the settings exactly as the core schema defines them', () => {
    assert.deepEqual(findSettingsSchemaDrift(manifest.contributes.configuration.properties), []);
  });

  it('restricts both settings in untrusted workspaces', () => {
    const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? [];
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    for (const key of Object.keys(PERMISSION_SETTINGS_JSON_SCHEMA)) assert.ok(restricted.includes(key), key);
  });

  it('contributes the switch command under the Relay category', () => {
    const command = manifest.contributes.commands.find((c) => c.command === SWITCH_APPROVAL_MODE_COMMAND);
    assert.deepEqual(command, { command: SWITCH_APPROVAL_MODE_COMMAND, title: 'Switch Approval Mode', category: 'Relay' });
  });

  it('the activation bundle repeats the keys, modes and descriptions of the core schema faithfully', () => {
    assert.equal(APPROVAL_MODE_KEY, APPROVAL_MODE_SETTING);
    assert.equal(PERMISSION_RULES_KEY, PERMISSION_RULES_SETTING);
    assert.deepEqual([...APPROVAL_MODE_ORDER], [...APPROVAL_MODES]);
    const descriptions = PERMISSION_SETTINGS_JSON_SCHEMA[APPROVAL_MODE_SETTING].enumDescriptions;
    assert.deepEqual(
      APPROVAL_MODES.map((m) => MODE_PRESENTATION[m].description),
      [...descriptions],
    );
  });
});
