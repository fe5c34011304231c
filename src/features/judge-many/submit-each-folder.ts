// "Submit Each Folder to Project…" (Containers): every subfolder of the chosen folder is packed
// with Submit Folder's rules and sent to one project and scenario, as one resumable job on the
// same state file, sender, progress and results page as "Judge Solutions in Folder…".
import * as vscode from 'vscode';
import type { Project } from '../../api';
import { planProjectFolders } from '../../core/judge-many';
import { projectScenarios } from '../../core/containers';
import { pickProject, pickScenario } from '../shared/project-pickers';
import { folderOf, plainArgs, reportingErrors } from '../shared/command-args';
import { confirmSending } from '../shared/confirm-sending';
import { confirmReadingMany, startJob, type JudgeFolderDeps } from './judge-folder';

/** Arguments a caller (a test, another command) may pass instead of the prompts. */
export interface SubmitEachArgs {
  folder?: string;
  projectId?: string;
  /** A scenario name; '' for the project's default; absent to ask. */
  scenario?: string;
}

/** Resolves with the job's id once it ended (or undefined when the person stopped before sending). */
export function submitEachFolder(deps: JudgeFolderDeps, uriOrArgs?: unknown, extra?: unknown): Promise<string | undefined> {
  return reportingErrors(deps.services, vscode.l10n.t('Could not submit each folder'), () => steps(deps, uriOrArgs, extra));
}

async function steps(deps: JudgeFolderDeps, uriOrArgs: unknown, extra: unknown): Promise<string | undefined> {
  const args = plainArgs<SubmitEachArgs>(uriOrArgs, extra);
  const folder = await folderOf(
    uriOrArgs,
    args,
    vscode.l10n.t('Submit Each Subfolder'),
    vscode.l10n.t('Submit Each Folder to Project: the folder with one subfolder per submission'),
  );
  if (!folder) return undefined;
  const client = await deps.services.connection.containers();
  const project: Project | undefined = args.projectId
    ? await client.getProject(args.projectId)
    : await pickProject(client, undefined, {
        title: vscode.l10n.t('Submit Each Folder to Project: project'),
        placeholder: vscode.l10n.t('Which project runs each subfolder of {0}?', folder),
      });
  if (!project) return undefined;
  let scenario: string | undefined;
  if (args.scenario !== undefined) scenario = args.scenario || undefined;
  else {
    const picked = await pickScenario(project, undefined, vscode.l10n.t('Submit Each Folder to Project: scenario of {0}', project.name));
    if (picked === null) return undefined;
    scenario = picked;
  }
  const known = projectScenarios(project.config?.project_config).map((s) => s.name);
  if (scenario && known.length && !known.includes(scenario)) {
    throw new Error(vscode.l10n.t('The project {0} has no scenario "{1}"; it has {2}.', project.name, scenario, known.join(', ')));
  }
  const label = scenario ? vscode.l10n.t('{0} (scenario "{1}")', project.name, scenario) : project.name;

  const planned = await planProjectFolders(folder, { confirmMany: (count) => confirmReadingMany(folder, count) });
  if (planned.kind === 'declined') return undefined;
  const plan = planned.solutions;
  const sendable = plan.filter((s) => !s.problem).length;
  const endpoint = deps.services.connection.endpoint('containers').baseUrl;
  if (sendable === 0) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Submit Each Folder to Project: {0} has no subfolder to submit. Each subfolder is one submission; to send the folder itself, use Submit Folder to Project.',
        folder,
      ),
    );
    return undefined;
  }
  const go = await confirmSending(deps.services, {
    message: vscode.l10n.t('Send {0} project folders to {1}?', sendable, label),
    button: vscode.l10n.t('Submit {0}', sendable),
    endpoint,
    folder,
    lines: [vscode.l10n.t('Each subfolder is packed as Submit Folder packs it (.gitignore, .sphereignore) and sent as one submission.')],
    unsendable: plan.length - sendable,
    othersCode: true,
  });
  if (!go) return undefined;
  return startJob(deps, { folder, problemLabel: label, endpoint, target: { kind: 'containers', projectId: project.id, projectName: project.name, scenario } }, plan, true);
}
