// The approval modes' names and sentences in the composer's picker.
import type { ApprovalMode } from '../../src/shared/chat-model';
import type { WebviewStringKey } from '../../src/shared/webview-strings';
import { t } from '../strings';

/**
 * The same names and sentences as the status bar and the mode picker (src/host/permissions/approval-modes.ts,
 * which the webview may not import), so the mode reads the same everywhere.
 */
const MODE_KEYS: Record<ApprovalMode, [WebviewStringKey, WebviewStringKey]> = {
  default: ['modeDefault', 'modeDefaultDescription'],
  'auto-edit': ['modeAutoEdit', 'modeAutoEditDescription'],
  yolo: ['modeYolo', 'modeYoloDescription'],
  plan: ['modePlan', 'modePlanDescription'],
};

export const MODES = Object.fromEntries(
  Object.entries(MODE_KEYS).map(([mode, [label, description]]) => [
    mode,
    {
      get label() {
        return t(label);
      },
      get description() {
        return t(description);
      },
    },
  ]),
) as Record<ApprovalMode, { readonly label: string; readonly description: string }>;
