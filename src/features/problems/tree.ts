// The Problems view: the account's problems, a page at a time (a "Load more" row fetches the
// next), each with its code, name and type. Clicking a problem opens its details.
import * as vscode from 'vscode';
import type { Problem } from '../../api';
import type { Services } from '../../services';
import { Commands } from '../../ui/commands';
import { showError, userMessage } from '../../ui/errors';
import { problemTypeName } from '../../core/problems';
import { escapeMarkdown, markdownNumber } from '../../core/escape-markdown';

export const PAGE_SIZE = 20;

export type ProblemNode = { kind: 'problem'; problem: Problem } | { kind: 'more'; offset: number } | { kind: 'message'; text: string; error?: boolean };

export class ProblemsTree implements vscode.TreeDataProvider<ProblemNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ProblemNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private problems: Problem[] = [];
  private loaded = false;
  private loading: Promise<void> | undefined;
  private failure: string | undefined;
  private hasNextPage = false;
  /** Bumped by refresh(): a load started before it must neither be awaited nor write its answer. */
  private generation = 0;

  constructor(private readonly services: Services) {}

  /** Forgets what was loaded; the view asks again. */
  refresh(): void {
    this.generation++;
    this.loading = undefined;
    this.problems = [];
    this.loaded = false;
    this.failure = undefined;
    this.changed.fire(undefined);
  }

  /** Appends the next page. */
  async loadMore(): Promise<void> {
    await this.loadPage(this.problems.length);
    this.changed.fire(undefined);
  }

  async getChildren(element?: ProblemNode): Promise<ProblemNode[]> {
    if (element) return [];
    // Signed out: no rows, so the view's welcome text (sign in, use the emulator) shows.
    if (!(await this.services.connection.hasToken('problems'))) return [];
    if (!this.loaded) {
      const generation = this.generation;
      await this.loadPage(0);
      // Refreshed meanwhile (another endpoint or token): answer for the new connection.
      if (generation !== this.generation) return this.getChildren();
    }
    if (this.services.connection.emulatorNotRunning()) return [];
    if (this.failure) return [{ kind: 'message', text: this.failure, error: true }];
    if (this.problems.length === 0) return [{ kind: 'message', text: 'No problems yet. Create one with “Create Problem”.' }];
    const nodes: ProblemNode[] = this.problems.map((problem) => ({ kind: 'problem', problem }));
    if (this.hasNextPage) nodes.push({ kind: 'more', offset: this.problems.length });
    return nodes;
  }

  getTreeItem(node: ProblemNode): vscode.TreeItem {
    switch (node.kind) {
      case 'problem': {
        const p = node.problem;
        const item = new vscode.TreeItem(p.code || String(p.id), vscode.TreeItemCollapsibleState.None);
        item.id = `problem:${p.id}`;
        item.description = `${p.name} · ${problemTypeName(p)}`;
        // The name is anyone's text: shown as written, never as a link or markup.
        item.tooltip = new vscode.MarkdownString(
          `**${escapeMarkdown(p.code)}** — ${escapeMarkdown(p.name)}\n\nType: ${escapeMarkdown(problemTypeName(p))} · id ${markdownNumber(p.id)}`,
        );
        item.iconPath = new vscode.ThemeIcon('checklist');
        item.contextValue = 'sphereEngine.problem';
        item.command = { command: Commands.problemsOpen, title: 'Open Problem', arguments: [p.id] };
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem('Load more…');
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: Commands.problemsLoadMore, title: 'Load more' };
        item.contextValue = 'sphereEngine.problems.more';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text);
        item.iconPath = new vscode.ThemeIcon(node.error ? 'error' : 'info');
        item.tooltip = node.text;
        return item;
      }
    }
  }

  /** Problems loaded so far (for pickers). */
  loadedProblems(): readonly Problem[] {
    return this.problems;
  }

  private loadPage(offset: number): Promise<void> {
    if (!this.loading) {
      const loading = this.fetchPage(offset, this.generation).finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async fetchPage(offset: number, generation: number): Promise<void> {
    const current = () => generation === this.generation;
    try {
      const client = await this.services.connection.problems();
      const page = await client.listProblems({ limit: PAGE_SIZE, offset, shortBody: false });
      if (!current()) return;
      const known = new Set(this.problems.map((p) => p.id));
      this.problems.push(...page.items.filter((p) => !known.has(p.id)));
      // `next` is the spec's signal (v4 always sends it); a full page is the fallback.
      this.hasNextPage = page.paging?.next !== undefined ? Boolean(page.paging.next) : page.items.length === PAGE_SIZE;
      this.failure = undefined;
    } catch (err) {
      if (!current()) return;
      // Stopped while this page was on its way (Stop Local Emulator): the view's welcome text and
      // the status bar say so, with Start Local Emulator; a stop the person asked for is no error.
      if (this.services.connection.emulatorNotRunning()) return;
      this.failure = `Could not load problems: ${userMessage(err)}`;
      void showError(this.services.log, err, { context: 'Could not load problems' });
    } finally {
      if (current()) this.loaded = true;
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
