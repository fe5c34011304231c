// Test hooks of the Containers tree: what a person would see in the view, as plain data.
import type * as vscode from 'vscode';
import type { ContainersView } from './view';
import type { TreeActivity, TreeNode } from '../../../core/containers';

export interface TreeRow {
  node: TreeNode;
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  icon?: string;
  iconColor?: string;
  collapsible: boolean;
  command?: string;
}

export interface ContainersTreeTestApi {
  /** The rows under `parent` (the roots without it), as getChildren + getTreeItem give them. */
  rows(parent?: TreeNode): Promise<TreeRow[]>;
  rootState(): string;
  visible(): boolean;
  grouping(): string;
  stateFilter(): readonly number[];
  /** Whether a load, a change or a poll round is under way or due (see the model's activity()). */
  activity(): TreeActivity;
}

export function treeTestApi(view: ContainersView): ContainersTreeTestApi {
  return {
    async rows(parent) {
      const nodes = await view.provider.getChildren(parent);
      return nodes.map((node) => toRow(node, view.provider.getTreeItem(node)));
    },
    rootState: () => view.model.getRootState().state,
    visible: () => view.treeView.visible,
    grouping: () => view.model.getGrouping(),
    stateFilter: () => view.model.getStateFilter(),
    activity: () => view.model.activity(),
  };
}

function toRow(node: TreeNode, item: vscode.TreeItem): TreeRow {
  const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  const tooltip = typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value;
  const icon = item.iconPath as { id?: string; color?: { id: string } } | undefined;
  return {
    node,
    label,
    description: typeof item.description === 'string' ? item.description : undefined,
    tooltip,
    contextValue: item.contextValue,
    icon: icon?.id,
    iconColor: icon?.color?.id,
    collapsible: item.collapsibleState !== undefined && item.collapsibleState !== 0,
    command: item.command?.command,
  };
}
