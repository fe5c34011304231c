// The Submissions view: recent submissions of this machine, newest first, with a status icon.
// Context values `submission:<state>` plus `+testsReport` let menus offer only what applies.
import * as vscode from 'vscode';
import { CONTAINERS_STATUS } from '../../../api';
import type { SubmissionEntry, SubmissionHistory } from './store';
import { escapeMarkdown } from '../../../core/escape-markdown';

export const SUBMISSIONS_VIEW_ID = 'sphereEngine.submissions';

export function submissionContextValue(e: SubmissionEntry): string {
  const state = e.executing ? 'executing' : e.statusCode === CONTAINERS_STATUS.ok ? 'ok' : 'failed';
  return `submission:${state}${e.hasTestsReport ? '+testsReport' : ''}`;
}

export function statusIcon(e: SubmissionEntry): vscode.ThemeIcon {
  if (e.executing) return new vscode.ThemeIcon('sync~spin');
  switch (e.statusCode) {
    case CONTAINERS_STATUS.ok:
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case CONTAINERS_STATUS.buildError:
    case CONTAINERS_STATUS.runtimeError:
    case CONTAINERS_STATUS.fail:
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case CONTAINERS_STATUS.timeLimitExceeded:
      return new vscode.ThemeIcon('watch', new vscode.ThemeColor('testing.iconFailed'));
    case CONTAINERS_STATUS.internalError:
    case CONTAINERS_STATUS.projectError:
      return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    default:
      return new vscode.ThemeIcon('circle-outline');
  }
}

export function submissionLabel(e: SubmissionEntry): string {
  return `#${e.id} ${e.projectName}`;
}

export function submissionDescription(e: SubmissionEntry): string {
  const parts = [e.executing ? e.statusName || 'running' : e.statusName];
  if (!e.executing && e.score !== null && e.score !== undefined) parts.push(`score ${e.score}`);
  if (e.scenario) parts.push(e.scenario);
  parts.push(folderName(e.folder));
  if (e.profile) parts.push(e.profile);
  return parts.join(' · ');
}

export class SubmissionsProvider implements vscode.TreeDataProvider<SubmissionEntry>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly history: SubmissionHistory) {
    this.subscription = history.onDidChange(() => this.changed.fire());
  }

  refresh(): void {
    this.changed.fire();
  }

  getChildren(element?: SubmissionEntry): SubmissionEntry[] {
    return element ? [] : this.history.list();
  }

  getTreeItem(e: SubmissionEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(submissionLabel(e), vscode.TreeItemCollapsibleState.None);
    item.id = `${e.endpoint}#${e.id}`;
    item.description = submissionDescription(e);
    item.iconPath = statusIcon(e);
    item.contextValue = submissionContextValue(e);
    // Server text (project, status, tests) through our escaper: appendText leaves a `https://…` to become a link.
    const lines = [
      `Submission ${e.id}`,
      `Project: ${e.projectName}`,
      `Scenario: ${e.scenario || '(default)'}`,
      `Status: ${e.statusName}`,
      `Folder: ${e.folder}`,
      `Sent: ${new Date(e.sentAt).toLocaleString()}`,
      `Sent with: ${e.profile ? `profile "${e.profile}", ` : ''}${e.endpoint}`,
      ...(e.testsSummary ? [`Tests: ${e.testsSummary}`] : []),
    ];
    item.tooltip = new vscode.MarkdownString(lines.map(escapeMarkdown).join('  \n'));
    item.command = { command: 'sphereEngine.submissions.showOutput', title: 'Show Output', arguments: [e] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function folderName(folder: string): string {
  return folder.split(/[\\/]/).filter(Boolean).pop() ?? folder;
}
