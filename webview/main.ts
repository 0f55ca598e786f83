import './style.css';
import { PROTOCOL_VERSION, type InitialState } from '../src/shared/protocol';
import { onHostMessage, vscodeApi } from './vscode-api';

const app = document.getElementById('app') as HTMLElement;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render(state: InitialState | undefined): void {
  app.replaceChildren();
  const header = el('header', 'relay-header');
  header.append(el('h1', 'relay-title', 'Relay'));
  const status = el('p', 'relay-status', state ? statusLine(state) : 'Connecting…');
  status.dataset.testid = 'relay-status';
  header.append(status);
  const empty = el('section', 'relay-empty');
  empty.setAttribute('aria-label', 'Conversation');
  empty.append(el('p', '', 'Start a task: describe what you want done in this workspace.'));
  app.append(header, empty);
}

function statusLine(state: InitialState): string {
  const where = state.workspaceName ?? 'no folder open';
  const trust = state.trusted ? '' : ' · Restricted Mode: read-only tools only';
  return `Ready · ${where} · VS Code ${state.vscodeVersion}${trust}`;
}

let current: InitialState | undefined;
onHostMessage((message) => {
  switch (message.type) {
    case 'init':
      current = message.state;
      render(current);
      break;
    case 'trustChanged':
      if (current) render((current = { ...current, trusted: message.trusted }));
      break;
    case 'newTask':
      render(current);
      break;
    case 'error':
      app.append(el('p', 'relay-error', message.message));
      break;
  }
});

render(undefined);
vscodeApi.postMessage({ type: 'ready', protocolVersion: PROTOCOL_VERSION });
