// For tests that move the modules to another endpoint and back: the configuration and token change
// events reach the extension a moment after the update resolves, so a Problems view read at once
// can still hold the answer of the endpoint just left. The next test expects the run's problems.
import * as vscode from 'vscode';
import { activateExtension } from './extension';
import { waitFor } from './wait';

interface ProblemsTree {
  getChildren(node?: unknown): Promise<unknown[]>;
  getTreeItem(node: unknown): vscode.TreeItem;
}

/** Waits (refreshing) until the Problems view lists the run emulator's ADDTWO again. */
export async function problemsViewBackOnRunEmulator(): Promise<void> {
  const { problems } = await activateExtension<{ problems: { tree: ProblemsTree } }>();
  await waitFor(
    async () => {
      await vscode.commands.executeCommand('sphereEngine.problems.refresh');
      const nodes = await problems.tree.getChildren();
      return nodes.some((node) => problems.tree.getTreeItem(node).label === 'ADDTWO');
    },
    { timeoutMs: 30_000, intervalMs: 250, what: "the Problems view to list the run emulator's problems again" },
  );
}

/** The Problems view's rows of these problems, as the view hands them to a command (loading more pages while one is missing). */
export async function problemNodes(problemIds: number[]): Promise<unknown[]> {
  const { problems } = await activateExtension<{ problems: { tree: ProblemsTree } }>();
  await vscode.commands.executeCommand('sphereEngine.problems.refresh');
  for (let page = 0; ; page++) {
    const rows = (await problems.tree.getChildren()) as Array<{ kind: string; problem?: { id: number } }>;
    const found = problemIds.map((id) => rows.find((r) => r.kind === 'problem' && r.problem?.id === id));
    if (found.every(Boolean)) return found;
    if (!rows.some((r) => r.kind === 'more') || page > 50) throw new Error(`the Problems view does not list problems ${problemIds.join(', ')}`);
    await vscode.commands.executeCommand('sphereEngine.problems.loadMore');
  }
}
