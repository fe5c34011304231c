// Turning a command argument into a workspace or project: a tree node (menus), an id (tests,
// other features), or nothing (the palette), in which case a QuickPick asks.
import * as vscode from 'vscode';
import { collect, type Project, type Workspace } from '../../../api';
import { type ProjectNode, stateLabel, type WorkspaceNode } from '../../../core/containers';
import { shortId } from '../tree/describe';
import { remember, type WorkspaceCommandContext } from './context';
import { createQuickPick, showQuickPick } from '../../../ui/prompts';

export type WorkspaceArg = WorkspaceNode | Workspace | string | undefined;

function isWorkspaceNode(value: unknown): value is WorkspaceNode {
  return typeof value === 'object' && value !== null && (value as WorkspaceNode).kind === 'workspace';
}

/** The workspace the command is about; undefined when the user dismissed the picker. */
export async function resolveWorkspace(ctx: WorkspaceCommandContext, arg: unknown, pick: { title: string; states?: number[] }): Promise<Workspace | undefined> {
  if (isWorkspaceNode(arg)) return arg.workspace;
  if (typeof arg === 'string' && arg) return (await ctx.client()).getWorkspace(arg);
  if (typeof arg === 'object' && arg !== null && typeof (arg as Workspace).id === 'string' && (arg as Workspace).state) return arg as Workspace;
  return pickWorkspace(ctx, pick.title, pick.states);
}

/** QuickPick over the account's workspaces in the given states (one page of the list). */
export async function pickWorkspace(ctx: WorkspaceCommandContext, title: string, states?: number[]): Promise<Workspace | undefined> {
  const client = await ctx.client();
  const items = createQuickPick<vscode.QuickPickItem & { workspace: Workspace }>();
  items.title = title;
  items.placeholder = vscode.l10n.t('Loading workspaces…');
  items.busy = true;
  items.show();
  try {
    const page = await client.listWorkspaces({ states: states ?? [1, 2, 3, 5], limit: 30 });
    items.items = page.items.map((workspace) => ({
      label: `${workspace.project.name} · ${shortId(workspace.id)}`,
      description: stateLabel(workspace.state.code),
      detail: `created ${workspace.created_at}`,
      workspace,
    }));
    items.placeholder = page.items.length ? 'Choose a workspace' : 'No workspace is in a suitable state';
    items.busy = false;
    // Tests wait for this (the picker shows its items) before choosing one.
    remember(ctx, `${title}: ${items.placeholder}`);
    const chosen = await new Promise<Workspace | undefined>((resolve) => {
      items.onDidAccept(() => resolve(items.selectedItems[0]?.workspace));
      items.onDidHide(() => resolve(undefined));
    });
    return chosen;
  } finally {
    items.dispose();
  }
}

function isProjectNode(value: unknown): value is ProjectNode {
  return typeof value === 'object' && value !== null && (value as ProjectNode).kind === 'project';
}

/** The project id from a tree node or an id; undefined means "ask". */
export function projectIdOf(arg: unknown): string | undefined {
  if (isProjectNode(arg)) return arg.project.id;
  if (typeof arg === 'string' && arg) return arg;
  return undefined;
}

export async function pickProject(ctx: WorkspaceCommandContext): Promise<Project | undefined> {
  const known = ctx.model.knownProjects();
  const projects = known.length ? known : await collect((await ctx.client()).iterateProjects({ limit: 20 }), 200);
  const chosen = await showQuickPick(
    projects.map((project) => ({ label: project.name, description: project.stack, detail: project.description, project })),
    { title: vscode.l10n.t('Create Workspace: Project'), placeHolder: vscode.l10n.t('Choose the project the workspace is made from'), matchOnDescription: true },
  );
  return chosen?.project;
}
