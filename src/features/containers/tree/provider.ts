// TreeDataProvider over ContainersTreeModel: turns plain nodes into TreeItems (icons, colours,
// tooltips, context values, click commands). All data and refresh rules live in the model.
import * as vscode from 'vscode';
import { Commands } from '../../../ui/commands';
import { escapeMarkdown, markdownCode, markdownNumber, markdownText } from '../../../core/escape-markdown';
import { clockTime, workspaceContextValue, workspaceDescription, workspaceLabel, workspaceTooltip } from './describe';
import type { ContainersTreeModel } from '../../../core/containers';
import type { TreeNode } from '../../../core/containers';

/** A codicon per workspace state (test/unit/codicons.test.ts checks that each id exists). */
const STATE_ICONS: Record<number, vscode.ThemeIcon> = {
  1: new vscode.ThemeIcon('loading~spin', new vscode.ThemeColor('charts.blue')),
  2: new vscode.ThemeIcon('vm-running', new vscode.ThemeColor('charts.green')),
  3: new vscode.ThemeIcon('debug-pause', new vscode.ThemeColor('charts.yellow')),
  4: new vscode.ThemeIcon('trash', new vscode.ThemeColor('disabledForeground')),
  5: new vscode.ThemeIcon('error', new vscode.ThemeColor('charts.red')),
};

export class ContainersTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(readonly model: ContainersTreeModel) {
    this.subscription = model.onDidChange((node) => this.changed.fire(node));
  }

  getChildren(element?: TreeNode): Promise<TreeNode[]> {
    return this.model.getChildren(element);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return treeItemFor(node);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export function treeItemFor(node: TreeNode): vscode.TreeItem {
  const None = vscode.TreeItemCollapsibleState.None;
  switch (node.kind) {
    case 'project': {
      const { project } = node;
      const item = new vscode.TreeItem(project.name, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.key;
      item.description = project.stack || undefined;
      // Codicons of VS Code 1.96 only (the oldest engines.vscode accepts): an unknown id draws nothing.
      item.iconPath = new vscode.ThemeIcon(project.template ? 'notebook-template' : 'project');
      item.contextValue = 'project';
      item.tooltip = new vscode.MarkdownString(
        [
          `**${escapeMarkdown(project.name)}**`,
          `**Id:** ${markdownCode(project.id)}`,
          `**Created:** ${markdownText(project.created_at)}`,
          `**Slots:** ${markdownNumber(project.slots)}`,
          project.description ? escapeMarkdown(project.description) : '',
        ]
          .filter(Boolean)
          .join('  \n'),
      );
      return item;
    }
    case 'detail': {
      const item = new vscode.TreeItem(node.label, None);
      item.id = node.key;
      item.description = node.value;
      item.tooltip = `${node.label}: ${node.value}`;
      item.iconPath = new vscode.ThemeIcon(node.icon);
      item.contextValue = 'projectDetail';
      return item;
    }
    case 'workspace': {
      const ws = node.workspace;
      const item = new vscode.TreeItem(workspaceLabel(ws, node.flat), None);
      item.id = node.key;
      item.description = workspaceDescription(ws);
      item.iconPath = STATE_ICONS[ws.state.code] ?? new vscode.ThemeIcon('question');
      item.tooltip = new vscode.MarkdownString(workspaceTooltip(ws));
      item.contextValue = workspaceContextValue(ws);
      return item;
    }
    case 'loadMore': {
      const item = new vscode.TreeItem(vscode.l10n.t('Load more {0}…', node.noun), None);
      item.id = node.key;
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.contextValue = 'loadMore';
      item.command = { command: Commands.workspacesLoadMore, title: 'Load More', arguments: [node] };
      return item;
    }
    case 'stale': {
      const item = new vscode.TreeItem(vscode.l10n.t('Offline: showing items fetched at {0}', clockTime(node.fetchedAt)), None);
      item.id = node.key;
      item.iconPath = new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('charts.yellow'));
      item.tooltip = node.reason;
      item.contextValue = 'stale';
      return item;
    }
    case 'retry': {
      const item = new vscode.TreeItem(vscode.l10n.t('Retry'), None);
      item.id = node.key;
      item.iconPath = new vscode.ThemeIcon('refresh');
      item.contextValue = 'retry';
      item.command = { command: Commands.workspacesRefresh, title: 'Retry', arguments: [node] };
      return item;
    }
    case 'message': {
      const item = new vscode.TreeItem(node.text, None);
      item.id = node.key;
      item.tooltip = node.detail;
      item.description = node.detail;
      item.iconPath = new vscode.ThemeIcon(node.severity === 'error' ? 'warning' : 'info');
      item.contextValue = 'message';
      return item;
    }
  }
}
