// Which project and which scenario: quick picks, with the project last used for a folder first.
import * as vscode from 'vscode';
import type { ContainersClient, Project } from '../../api';
import { asRecord, MementoStore, type MementoLike } from '../../core/memento-store';
import { projectScenarios } from '../../core/containers';
import { createQuickPick, showInputBox, showQuickPick } from '../../ui/prompts';

const MEMORY_KEY = 'sphereEngine.containers.submitProjectByFolder';

export interface RememberedChoice {
  projectId: string;
  projectName: string;
  scenario?: string;
}

/** Project (and scenario) last used per folder, machine-wide: folders are local paths. */
export class FolderMemory {
  private readonly store: MementoStore<Record<string, RememberedChoice>>;

  constructor(memento: MementoLike) {
    this.store = new MementoStore(memento, MEMORY_KEY, asRecord<RememberedChoice>);
  }

  get(folder: string): RememberedChoice | undefined {
    return this.store.value[folder];
  }

  set(folder: string, choice: RememberedChoice): Promise<void> {
    return this.store.update((all) => ({ ...all, [folder]: choice }));
  }

  /** Takes what another window stored (called when this window gets the focus). */
  follow(): boolean {
    return this.store.follow();
  }
}

interface ProjectItem extends vscode.QuickPickItem {
  project: Project;
}

/** The words of a pick: Submit Each Folder to Project asks in its own, so a person knows which command runs. */
export interface PickWords {
  title: string;
  placeholder?: string;
}

/** Lists every project (page after page) and lets the person pick one; undefined when dismissed. */
export async function pickProject(client: ContainersClient, remembered: RememberedChoice | undefined, words?: PickWords): Promise<Project | undefined> {
  const pick = createQuickPick<ProjectItem>();
  pick.title = words?.title ?? vscode.l10n.t('Submit Folder: project');
  pick.placeholder = words?.placeholder ?? vscode.l10n.t('Which project runs this folder?');
  pick.busy = true;
  pick.matchOnDescription = true;
  pick.show();
  const controller = new AbortController();
  const loading = (async () => {
    const projects: Project[] = [];
    for await (const p of client.iterateProjects({ limit: 20 }, controller.signal)) projects.push(p);
    const ordered = remembered ? [...projects.filter((p) => p.id === remembered.projectId), ...projects.filter((p) => p.id !== remembered.projectId)] : projects;
    pick.items = ordered.map((p) => ({
      label: p.name,
      description: p.id === remembered?.projectId ? `last used · ${p.stack || p.id}` : p.stack || p.id,
      detail: p.description || undefined,
      project: p,
    }));
    pick.busy = false;
  })();
  try {
    const chosen = await new Promise<Project | undefined>((resolve, reject) => {
      loading.catch((err) => {
        pick.hide();
        reject(err);
      });
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0];
        if (item) resolve(item.project);
      });
      pick.onDidHide(() => resolve(undefined));
    });
    return chosen;
  } finally {
    controller.abort();
    pick.dispose();
  }
}

/**
 * The scenario: the project's scenarios with the default first; free text when the config does
 * not list any. Empty free text means "the project's default".
 */
export async function pickScenario(project: Project, remembered?: string, title?: string): Promise<string | undefined | null> {
  const choices = projectScenarios(project.config?.project_config);
  title ??= vscode.l10n.t('Submit Folder: scenario of {0}', project.name);
  if (choices.length === 0) {
    const typed = await showInputBox({
      title,
      prompt: vscode.l10n.t("The project's configuration lists no scenarios: type one, or leave empty for the project's default."),
      value: remembered ?? '',
    });
    return typed === undefined ? null : typed.trim() || undefined;
  }
  if (choices.length === 1) return choices[0].name;
  const items = choices.map((c) => ({
    label: c.name,
    description: [c.isDefault ? 'default' : '', c.name === remembered ? 'last used' : ''].filter(Boolean).join(' · ') || undefined,
    detail: c.stages.length ? `stages: ${c.stages.join(', ')}` : undefined,
  }));
  const chosen = await showQuickPick(items, { title, placeHolder: vscode.l10n.t('Which scenario?') });
  return chosen ? chosen.label : null;
}
