// Turns the mentions in a message into attachments, each through its port. A mention that cannot be resolved
// still gets a chip (with the reason) and a short note for the model; it never fails the message.
import { l10n } from '../l10n';
import type { MentionSources } from '../ports/mention-sources';
import {
  type Attachment,
  changesAttachment,
  fileAttachment,
  folderAttachment,
  MENTION_CAPS,
  missingAttachment,
  problemsAttachment,
  selectionAttachment,
  terminalAttachment,
  urlAttachment,
} from './attachments';
import { type MentionRef, parseMentions } from '../../shared/mentions/parse';

/** At most this many mentions of one message are resolved; the rest stay plain text. */
export const MAX_MENTIONS = 20;

export async function resolveMentions(text: string, sources: MentionSources, signal: AbortSignal): Promise<Attachment[]> {
  const mentions = parseMentions(text).slice(0, MAX_MENTIONS);
  const resolved = await Promise.all(mentions.map((m) => resolveMention(m.ref, sources, signal)));
  return resolved.filter((a): a is Attachment => a !== undefined);
}

/** One mention's attachment; undefined for a path that names nothing (it was just an "@" in the text). */
export async function resolveMention(ref: MentionRef, sources: MentionSources, signal: AbortSignal): Promise<Attachment | undefined> {
  try {
    switch (ref.kind) {
      case 'path':
        return await resolvePath(ref, sources);
      case 'problems':
        return problemsAttachment(await sources.problems());
      case 'terminal': {
        const output = await sources.lastTerminalCommand();
        return output
          ? terminalAttachment(output)
          : missingAttachment('terminal', 'terminal', l10n.both('no terminal command output is known (it needs a terminal with shell integration)'));
      }
      case 'changes': {
        const diff = await sources.uncommittedChanges();
        return diff === undefined ? missingAttachment('changes', 'changes', l10n.both('no git repository was found for the workspace')) : changesAttachment(diff);
      }
      case 'selection': {
        const selection = await sources.selection();
        return selection ? selectionAttachment(selection) : missingAttachment('selection', 'selection', l10n.both('no text is selected in an editor'));
      }
      case 'url': {
        if (!sources.fetchPage) return missingAttachment('url', ref.url, l10n.both('fetching web pages is not available'));
        const page = await sources.fetchPage(ref.url, signal);
        return urlAttachment(ref.url, page.markdown, page.title);
      }
    }
  } catch (error) {
    const label = ref.kind === 'path' ? ref.path : ref.kind === 'url' ? ref.url : ref.kind;
    return missingAttachment(ref.kind === 'path' ? 'file' : ref.kind, label, l10n.both('could not be read: {0}', error instanceof Error ? error.message : String(error)));
  }
}

async function resolvePath(ref: Extract<MentionRef, { kind: 'path' }>, sources: MentionSources): Promise<Attachment | undefined> {
  const path = ref.path.replace(/\/+$/, '');
  const kind = await sources.paths.kind(path);
  if (kind === undefined) return undefined;
  if (kind === 'folder') {
    const tree = await sources.paths.listTree(path, MENTION_CAPS.folderEntries);
    return folderAttachment(path, tree.entries, tree.truncated);
  }
  return fileAttachment(path, await sources.paths.readText(path), ref.lines);
}
