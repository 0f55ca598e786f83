import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';

/**
 * The chat webview's HTML: scripts and styles come only from the extension's dist folder through
 * asWebviewUri, the one script carries a fresh nonce, and the CSP forbids inline script, inline style
 * attributes and eval (the webview sets dynamic sizes through CSSOM, which the CSP allows). Images: the
 * extension's own and data: URIs only, so model-written markdown cannot fetch a tracking pixel.
 */
export function renderWebviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.css'));
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>Relay</title>
</head>
<body>
<main id="app"></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
