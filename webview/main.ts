// The webview's entry: styles, then the chat mounted into #app with the one VS Code API handle.
import './styles/index.css';
import { mountChat } from './app';
import { acquireApi } from './vscode-api';

mountChat(document.getElementById('app') as HTMLElement, acquireApi());
