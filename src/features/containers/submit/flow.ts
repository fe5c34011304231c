// Submit Folder, step by step: project → scenario → what will be sent → pack → upload → wait →
// output, diagnostics, history. Each step can be cancelled; the upload is never retried (the
// submission may have landed), and cancelling the wait stops waiting, not the submission.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { CONTAINERS_STATUS, type ContainersClient, type ContainersSubmission, isAbortError, type Project, SphereApiError } from '../../../api';
import { collectResult, type FinishedSubmission, formatSummary, projectScenarios, renderSubmission, waitForSubmission } from '../../../core/containers';
import { formatBytes, PackError, scanFolder } from '../../../core/packer';
import type { Services } from '../../../services';
import { showError } from '../../../ui/errors';
import { withProgress } from '../../../ui/progress';
import { followOnFocus } from '../../../ui/window-focus';
import type { SubmissionEntry, SubmissionHistory } from '../history/store';
import type { SubmissionDiagnostics } from './diagnostics';
import { blockKey, type SubmissionOutput } from './output';
import { confirmSend, packWithProgress, scanWithProgress } from './pack-step';
import { askFolder } from './ask-folder';
import { FolderMemory, pickProject, pickScenario } from '../../shared/project-pickers';
import { UploadCancelledNothingSent, uploadWithProgress } from './upload-step';

/** What a caller (a test, a menu) can decide in advance instead of being asked. */
export interface SubmitRequest {
  /** Absolute path of the folder to send. */
  folder?: string;
  projectId?: string;
  project?: Project;
  /** A scenario name; '' for the project's default; absent to ask. */
  scenario?: string;
  /** Ask before sending (default true). */
  confirm?: boolean;
}

/** What the command resolves with (host tests read it; people see the same in the UI). */
export interface SubmitOutcome {
  id?: number;
  statusCode?: number;
  statusName?: string;
  /** The rendered output of the submission. */
  text?: string;
  diagnostics?: number;
  /** Set when the flow stopped: the message that was shown. */
  error?: string;
  cancelled?: boolean;
}

/** Seconds a re-fetch of one submission waits after the previous fetch (service protection). */
const MIN_REFETCH_GAP_MS = 1100;

export class SubmitFlow implements vscode.Disposable {
  private readonly memory: FolderMemory;
  private readonly statusBar = vscode.window.createStatusBarItem('sphereEngine.submission', vscode.StatusBarAlignment.Left, 40);
  private readonly lastFetch = new Map<string, number>();

  constructor(
    private readonly services: Services,
    private readonly history: SubmissionHistory,
    private readonly output: SubmissionOutput,
    private readonly diagnostics: SubmissionDiagnostics,
  ) {
    this.memory = new FolderMemory(services.context.globalState);
    services.context.subscriptions.push(followOnFocus(this.memory));
    this.statusBar.name = 'Sphere Engine Submission';
  }

  dispose(): void {
    this.statusBar.dispose();
  }

  async submit(request: SubmitRequest): Promise<SubmitOutcome> {
    try {
      return await this.run(request);
    } catch (err) {
      return this.fail(err, 'Submit Folder');
    }
  }

  private async run(request: SubmitRequest): Promise<SubmitOutcome> {
    const folder = request.folder ?? (await askFolder());
    if (!folder) return { cancelled: true };
    // A folder from the history (Resubmit) may be gone: say so before any request.
    if (!(await isFolder(folder))) throw new Error(vscode.l10n.t('The folder {0} no longer exists (moved or deleted?). Nothing was sent.', folder));
    const client = await this.services.connection.containers();
    const endpoint = this.services.connection.endpoint('containers').baseUrl;
    const profile = this.services.connection.profile().name;
    const remembered = this.memory.get(folder);

    const project = request.project ?? (request.projectId ? await client.getProject(request.projectId) : await pickProject(client, remembered));
    if (!project) return { cancelled: true };
    let scenario: string | undefined;
    if (request.scenario !== undefined) scenario = request.scenario || undefined;
    else {
      const picked = await pickScenario(project, remembered?.projectId === project.id ? remembered.scenario : undefined);
      if (picked === null) return { cancelled: true };
      scenario = picked;
    }
    const known = projectScenarios(project.config?.project_config).map((s) => s.name);
    if (scenario && known.length && !known.includes(scenario)) {
      throw new Error(`The project ${project.name} has no scenario "${scenario}"; it has ${known.map((n) => `"${n}"`).join(', ')}. Submit again and pick one of them.`);
    }
    await this.memory.set(folder, { projectId: project.id, projectName: project.name, scenario });

    const scan = await scanWithProgress(folder);
    const target = `${project.name}${scenario ? ` (scenario "${scenario}")` : ''}`;
    if (request.confirm !== false && !(await confirmSend(scan, target))) return { cancelled: true };
    this.services.log.info(`submitting ${folder} to project ${project.id}: ${scan.fileCount} files, ${scan.totalBytes} bytes, ${scan.excluded.length} left out`);

    const archive = await packWithProgress(scan);
    let id: number;
    try {
      id = await uploadWithProgress(client, { project, scenario, file: archive.file, bytes: archive.bytes });
    } finally {
      await archive.dispose().catch(() => undefined);
    }
    const entry: SubmissionEntry = {
      id,
      endpoint,
      profile,
      projectId: project.id,
      projectName: project.name,
      scenario: scenario ?? '',
      folder,
      sentAt: Date.now(),
      executing: true,
      statusCode: CONTAINERS_STATUS.waiting,
      statusName: 'waiting',
    };
    await this.history.upsert(entry);
    // Names the profile and the endpoint: which account got it is never a guess afterwards.
    this.output.append(
      `Submission ${id} sent to ${target} from ${folder} (${scan.fileCount} files, ${formatBytes(archive.bytes)} packed) with profile "${profile}" (${endpoint}); waiting for the result…`,
    );
    return this.follow(
      client,
      entry,
      scan.included.filter((e) => e.kind !== 'directory').map((e) => e.path),
    );
  }

  /** Waits for a sent submission, then shows its output, diagnostics and verdict. */
  async follow(client: ContainersClient, entry: SubmissionEntry, files?: readonly string[]): Promise<SubmitOutcome> {
    const key = blockKey(entry.endpoint, entry.id);
    let finished: FinishedSubmission;
    try {
      finished = await withProgress({ title: vscode.l10n.t('Submission {0} ({1})', entry.id, entry.projectName), cancellable: true }, async (signal, report) => {
        this.showStatus(entry.id, 'waiting');
        const done = await waitForSubmission(client, entry.id, {
          signal,
          onUpdate: (s) => {
            this.lastFetch.set(key, Date.now());
            report(s.result.status.name);
            this.showStatus(entry.id, s.result.status.name);
            void this.history.applyState(entry.endpoint, s);
          },
          onTransientError: (err, next) => {
            const why = err instanceof SphereApiError ? err.explanation : String(err);
            report(`connection problem, trying again in ${Math.round(next / 1000)} s`);
            this.showStatus(entry.id, 'connection lost, retrying');
            this.services.log.warn(`submission ${entry.id}: ${why}; next check in ${next} ms`);
          },
        });
        report(`${done.result.status.name}: fetching the output`);
        return collectResult(client, done, signal);
      });
    } catch (err) {
      if (isAbortError(err)) {
        this.output.append(`Stopped waiting for submission ${entry.id}; it keeps running on the service. Use "Show Output" in the Submissions view to see it later.`, false);
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Stopped waiting for submission {0}. It keeps running on the service; its output is in the Submissions view later.', entry.id),
        );
        return { id: entry.id, cancelled: true };
      }
      throw err;
    } finally {
      this.statusBar.hide();
    }
    return this.present(entry, finished, files);
  }

  /** Output, diagnostics, history and the finished event for a submission that is done. */
  private async present(entry: SubmissionEntry, finished: FinishedSubmission, files?: readonly string[]): Promise<SubmitOutcome> {
    const s = finished.submission;
    const text = renderSubmission({
      submission: s,
      streams: finished.streams,
      streamErrors: finished.streamErrors,
      testsReport: finished.testsReport,
      testsReportError: finished.testsReportError,
      folder: entry.folder,
    });
    this.output.remember(blockKey(entry.endpoint, entry.id), text);
    this.output.append(text);
    const localFiles = files ?? (await listLocalFiles(entry.folder));
    const count = await this.diagnostics.apply(entry.folder, localFiles, finished.streams);
    await this.history.applyState(entry.endpoint, s, {
      testsSummary: finished.testsReport ? formatSummary(finished.testsReport.summary) : undefined,
    });
    this.services.events.finishContainersSubmission({ submission: s, testsReport: finished.testsReport, folder: entry.folder, endpoint: entry.endpoint });
    void this.announce(entry, s, count);
    return { id: s.id, statusCode: s.result.status.code, statusName: s.result.status.name, text, diagnostics: count };
  }

  /** The verdict as a notification; not awaited by the command (it would wait for a click). */
  private async announce(entry: SubmissionEntry, s: ContainersSubmission, diagnostics: number): Promise<void> {
    const code = s.result.status.code;
    const summary = `Submission ${s.id}: ${s.result.status.name}${s.result.score !== null && s.result.score !== undefined ? `, score ${s.result.score}` : ''}`;
    const problems = diagnostics ? ` ${diagnostics} problem${diagnostics === 1 ? '' : 's'} in your files.` : '';
    const showOutput = 'Show Output';
    if (code === CONTAINERS_STATUS.ok) {
      if ((await vscode.window.showInformationMessage(summary, showOutput)) === showOutput) this.output.show();
      return;
    }
    if (code === CONTAINERS_STATUS.internalError) {
      const resubmit = 'Submit Again';
      const choice = await vscode.window.showErrorMessage(
        vscode.l10n.t('{0}. The service failed on its side, not because of your code: submit again.', summary),
        resubmit,
        showOutput,
      );
      if (choice === resubmit) void this.submit({ folder: entry.folder, projectId: entry.projectId, scenario: entry.scenario });
      else if (choice === showOutput) this.output.show();
      return;
    }
    const hint = code === CONTAINERS_STATUS.projectError ? ' The project configuration failed, not your code; the debug log is in the output.' : problems;
    if ((await vscode.window.showWarningMessage(vscode.l10n.t('{0}.{1}', summary, hint), showOutput)) === showOutput) this.output.show();
  }

  /** "Show Output" of a history entry: from memory, or fetched again (waiting when still running). */
  async showAgain(entry: SubmissionEntry): Promise<SubmitOutcome> {
    const key = blockKey(entry.endpoint, entry.id);
    const kept = this.output.recall(key);
    if (kept) {
      this.output.append(kept);
      return { id: entry.id, statusCode: entry.statusCode, statusName: entry.statusName, text: kept };
    }
    try {
      const client = await this.services.connection.containers();
      await this.respectGap(key);
      const s = await client.getSubmission(entry.id);
      this.lastFetch.set(key, Date.now());
      if (s.executing) return this.follow(client, entry);
      const finished = await withProgress({ title: vscode.l10n.t('Fetching submission {0}', entry.id), cancellable: true }, (signal) => collectResult(client, s, signal));
      return this.present(entry, finished);
    } catch (err) {
      return this.fail(err, `Could not show submission ${entry.id}`);
    }
  }

  private async respectGap(key: string): Promise<void> {
    const last = this.lastFetch.get(key);
    if (last === undefined) return;
    const wait = last + MIN_REFETCH_GAP_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  private showStatus(id: number, status: string): void {
    this.statusBar.text = `$(sync~spin) Submission ${id}: ${status}`;
    this.statusBar.tooltip = `Sphere Engine submission ${id}: ${status}`;
    this.statusBar.show();
  }

  private fail(err: unknown, context: string): SubmitOutcome {
    if (isAbortError(err)) return { cancelled: true };
    if (err instanceof UploadCancelledNothingSent) {
      void vscode.window.showInformationMessage(err.message);
      return { error: err.message, cancelled: true };
    }
    const message = describeFailure(err);
    if (err instanceof SphereApiError) void showError(this.services.log, err, { context });
    else {
      this.services.log.error(err instanceof Error ? err : String(err));
      void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}', context, message));
    }
    return { error: message, cancelled: err instanceof PackError && err.code === 'cancelled' ? true : undefined };
  }
}

function describeFailure(err: unknown): string {
  if (err instanceof SphereApiError) {
    const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
    const server = err.serverMessage && err.status === 400 ? ` The service said: ${err.serverMessage}.` : '';
    return `${err.explanation}${status}${server}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The folder to send when none was given: the only workspace folder, or a pick. */
async function isFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(folder)).isDirectory();
  } catch {
    return false;
  }
}

/** Files of a folder for mapping diagnostics when no fresh scan exists; none when it is gone. */
async function listLocalFiles(folder: string): Promise<string[]> {
  try {
    const scan = await scanFolder(folder);
    return scan.included.filter((e) => e.kind !== 'directory').map((e) => e.path);
  } catch {
    return [];
  }
}
