// What both similarity pages share: a webview that runs scripts from media/similarity only, the
// resources the page HTML names, and a nonce per page.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { PageResources } from '../../core/similarity';

export function createPage(context: vscode.ExtensionContext, viewType: string, title: string, column: vscode.ViewColumn): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(viewType, title, column, {
    enableScripts: true,
    retainContextWhenHidden: true,
    localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'media', 'similarity')],
  });
}

export function resourcesOf(context: vscode.ExtensionContext, webview: vscode.Webview): PageResources {
  const media = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(context.extensionUri, 'media', 'similarity', name)).toString();
  return { cspSource: webview.cspSource, nonce: randomBytes(16).toString('base64'), script: media('similarity.js'), style: media('similarity.css') };
}
