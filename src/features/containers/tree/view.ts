// The "Projects & Workspaces" view: the TreeView, its visibility gate, the context keys its
// welcome views and title buttons read, and the tree's own commands (refresh, filter, grouping,
// load more).
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import { Commands, registerCommand } from '../../../ui/commands';
import { showError } from '../../../ui/errors';
import { ALL_STATES, ContainersTreeModel, DEFAULT_STATE_FILTER, type Grouping, type ListKey, stateLabel, type TreeNode } from '../../../core/containers';
import { ContainersTreeProvider } from './provider';
import { showQuickPick } from '../../../ui/prompts';

export const WORKSPACES_VIEW_ID = 'sphereEngine.workspaces';
/** Context keys read by package.json (viewsWelcome, view/title). */
export const TREE_STATE_KEY = 'sphereEngine.containers.treeState';
export const GROUPING_KEY = 'sphereEngine.containers.grouping';

export interface ContainersView {
  model: ContainersTreeModel;
  provider: ContainersTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
}

export function createContainersView(services: Services): ContainersView {
  const { connection, log, context } = services;
  const model = new ContainersTreeModel({
    client: () => connection.containers(),
    onError: (err) => log.warn(`Containers tree: ${err instanceof Error ? err.message : String(err)}`),
  });
  const provider = new ContainersTreeProvider(model);
  const treeView = vscode.window.createTreeView(WORKSPACES_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });

  const setContext = (key: string, value: unknown) => void vscode.commands.executeCommand('setContext', key, value);
  setContext(GROUPING_KEY, model.getGrouping());
  const showFilter = () => {
    const filter = model.getStateFilter();
    const isDefault = filter.length === DEFAULT_STATE_FILTER.length && filter.every((s) => DEFAULT_STATE_FILTER.includes(s));
    treeView.description = isDefault ? undefined : filter.length === ALL_STATES.length ? 'all states' : filter.map(stateLabel).join(', ');
  };

  model.setVisible(treeView.visible);
  context.subscriptions.push(
    model,
    provider,
    treeView,
    treeView.onDidChangeVisibility((event) => model.setVisible(event.visible)),
    model.onDidChangeRootState((state) => {
      setContext(TREE_STATE_KEY, state);
      const error = model.getRootState().error;
      treeView.message = state === 'ready' && error ? 'Offline: showing the last known items.' : undefined;
    }),
    connection.onDidChange((module) => {
      if (module === 'containers') model.reset();
    }),
    registerCommand(Commands.workspacesRefresh, (node?: unknown) => {
      const list = (node as { list?: ListKey } | undefined)?.list;
      model.refresh(list);
    }),
    registerCommand(Commands.workspacesLoadMore, async (node?: unknown) => {
      const list = (node as { list?: ListKey } | undefined)?.list;
      if (!list) return;
      try {
        await model.loadMore(list);
      } catch (err) {
        void showError(log, err, { context: 'Could not load more' });
      }
    }),
    registerCommand(Commands.workspacesShowAll, () => setGrouping('flat')),
    registerCommand(Commands.workspacesGroupByProject, () => setGrouping('project')),
    registerCommand(Commands.workspacesFilterStates, async (states?: unknown) => {
      const chosen = Array.isArray(states) ? states.map(Number) : await pickStates(model.getStateFilter());
      if (!chosen) return model.getStateFilter();
      model.setStateFilter(chosen.length ? chosen : DEFAULT_STATE_FILTER);
      showFilter();
      return model.getStateFilter();
    }),
  );

  function setGrouping(grouping: Grouping): void {
    model.setGrouping(grouping);
    setContext(GROUPING_KEY, grouping);
  }

  return { model, provider, treeView };
}

async function pickStates(current: readonly number[]): Promise<number[] | undefined> {
  const picked = await showQuickPick(
    ALL_STATES.map((code) => ({ label: stateLabel(code), code, picked: current.includes(code) })),
    { title: vscode.l10n.t('Show Workspaces in These States'), canPickMany: true, placeHolder: vscode.l10n.t('Removed workspaces are hidden unless chosen here') },
  );
  return picked?.map((item) => item.code);
}
