// Answers the composer's mention requests: the "@" list, a picked mention's size, files dropped on the chat.
// It also turns a sent message's mentions and images into attachments. Everything it decides is in src/core.
import * as vscode from 'vscode';
import type { MessageAttachments } from '../../core/agent';
import { buildAttachments } from '../../core/mentions/message';
import type { ReadPolicy } from '../../core/mentions/workspace-paths';
import type { ImageInput } from '../../core/mentions/images';
import { parseMentions } from '../../shared/mentions/parse';
import { resolveMention } from '../../core/mentions/resolve';
import { mentionDetails, suggestMentions } from '../../core/mentions/suggest';
import type { MentionSuggestion } from '../../shared/chat-model';
import type { HostToWebview } from '../../shared/protocol';
import type { ToolServices } from '../../tools';
import { createMentionSources } from './sources';
import type { TerminalRecorder } from './terminal-recorder';
import { WorkspaceIndex } from './workspace-index';

export interface MentionServiceDeps {
  services: ToolServices;
  terminal: TerminalRecorder;
  post(message: HostToWebview): void;
  log: { warn(message: string): void };
  /** Whether the model that will read the message takes images. */
  supportsImages(): boolean;
  /**
   * Why read_file could not read this path without asking (its real path outside the workspace, a sensitive file),
   * or undefined: a mention, a dropped or pasted path reads only what read_file would read silently.
   */
  readPolicy: ReadPolicy;
}

export class MentionService implements vscode.Disposable {
  private readonly index: WorkspaceIndex;

  constructor(private readonly deps: MentionServiceDeps) {
    this.index = new WorkspaceIndex(deps.services.search, () => deps.services.workspaceRoots()[0], deps.log);
  }

  /**
   * The "@" list for `query`. A list's first query says which index generation the webview holds
   * (`indexGeneration`): it is sent the index when that changed, and what it needs to rank the next keys itself.
   * Not while the index is rebuilt (files were created or deleted): the webview would rank that list's keys with
   * the old paths, so the host answers them, and the next list brings the new index.
   */
  async suggest(requestId: number, query: string, indexGeneration?: number): Promise<void> {
    const current = await this.index.get();
    const openEditors = openEditorPaths();
    const items = suggestMentions(query, { index: current?.index, openEditors });
    if (indexGeneration === undefined || !current || this.index.rebuilding) return this.deps.post({ type: 'mentionSuggestions', requestId, items });
    const { index, generation } = current;
    if (indexGeneration !== generation) this.deps.post({ type: 'mentionIndex', generation, paths: index.paths.join('\0') });
    this.deps.post({ type: 'mentionSuggestions', requestId, items, ranking: { generation, openEditors, details: mentionDetails() } });
  }

  async preview(requestId: number, token: string): Promise<void> {
    const [mention] = parseMentions(token);
    const controller = new AbortController();
    const chip = mention ? (await resolveMention(mention.ref, this.sources(controller.signal), controller.signal))?.chip : undefined;
    this.deps.post({ type: 'mentionPreview', requestId, token, chip });
  }

  /** Dropped files and folders inside the workspace become mentions; anything else is left out (and logged). */
  async dropped(uris: readonly string[]): Promise<void> {
    const mentions: MentionSuggestion[] = [];
    for (const raw of uris) {
      const mention = await this.mentionFor(raw);
      if (mention) mentions.push(mention);
      else this.deps.log.warn(`A dropped item is not a file in the workspace and was not mentioned: ${raw.slice(0, 200)}`);
    }
    if (mentions.length) this.deps.post({ type: 'insertMentions', mentions });
  }

  /** The mention of a workspace file or range, for the editor commands; undefined outside the workspace. */
  mentionOf(uri: vscode.Uri, lines?: { start: number; end: number }): MentionSuggestion | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const root = this.deps.services.workspaceRoots()[0];
    if (!folder || !root || folder.uri.fsPath !== root) return undefined;
    const path = vscode.workspace.asRelativePath(uri, false);
    const range = lines ? (lines.start === lines.end ? `:${lines.start}` : `:${lines.start}-${lines.end}`) : '';
    const token = /[\s"]/.test(path) ? `@"${path}${range}"` : `@${path}${range}`;
    return { kind: lines ? 'selection' : 'file', label: `${path}${range}`, token };
  }

  /** `picked`: the composer's mention chips, whose tokens are not in the text; resolved as typed ones are. */
  attach(text: string, images: readonly ImageInput[], picked: readonly string[] = []): Promise<MessageAttachments> {
    const controller = new AbortController();
    return buildAttachments(text, images, this.sources(controller.signal), { supportsImages: this.deps.supportsImages(), signal: controller.signal, picked });
  }

  private sources(signal: AbortSignal) {
    return createMentionSources(this.deps.services, this.deps.terminal, this.deps.readPolicy, signal);
  }

  private async mentionFor(raw: string): Promise<MentionSuggestion | undefined> {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(raw.trim(), true);
    } catch {
      return undefined;
    }
    // In a remote window the webview may see vscode-remote URIs for files the extension host reads as file: ones.
    if (uri.scheme === 'vscode-remote') uri = vscode.Uri.file(uri.path);
    if (uri.scheme !== 'file') return undefined;
    const mention = this.mentionOf(uri);
    if (!mention) return undefined;
    const stat = await this.deps.services.files.stat(uri.fsPath);
    if (stat?.type === 'directory') return { kind: 'folder', label: `${mention.label}/`, token: `${mention.token.replace(/"$/, '')}/${mention.token.endsWith('"') ? '"' : ''}` };
    return stat?.type === 'file' ? mention : undefined;
  }

  dispose(): void {
    this.index.dispose();
  }
}

/** Workspace-relative paths of the text editors open in any tab group, the active one first. */
function openEditorPaths(): string[] {
  const out: string[] = [];
  const add = (uri: vscode.Uri | undefined) => {
    if (!uri || uri.scheme !== 'file' || !vscode.workspace.getWorkspaceFolder(uri)) return;
    const path = vscode.workspace.asRelativePath(uri, false);
    if (!out.includes(path)) out.push(path);
  };
  add(vscode.window.activeTextEditor?.document.uri);
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) if (tab.input instanceof vscode.TabInputText) add(tab.input.uri);
  }
  return out;
}
