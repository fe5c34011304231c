// Runs jobs with their progress on show: a notification per run (Cancel stops sending and keeps
// tracking what was sent), one status bar item for the jobs still running (hidden once none is),
// and a last notification with the verdict counts and Show Judge Results when a job ends.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { SubmissionHistory } from '../containers/history/store';
import { Commands } from '../../ui/commands';
import { showError } from '../../ui/errors';
import { countVerdicts, DEFAULT_CONCURRENCY, type JobHeader, type JudgeJob } from '../../core/judge-many';
import { backendFor } from './backend-for';
import { recordInHistory } from './history-entries';
import { describeCounts } from './labels';
import { JudgeManyTesting } from './testing';

const MAX_CONCURRENCY = 16;

/** How many submissions a job sends at once: its own setting per API (a Containers job packs and uploads each). */
export function readConcurrency(header: JobHeader): number {
  const [section, key] = header.target?.kind === 'containers' ? ['sphereEngine.containers', 'submitConcurrency'] : ['sphereEngine.problems', 'judgeConcurrency'];
  const value = vscode.workspace.getConfiguration(section).get<number>(key, DEFAULT_CONCURRENCY);
  return Number.isInteger(value) ? Math.min(MAX_CONCURRENCY, Math.max(1, value)) : DEFAULT_CONCURRENCY;
}

export class JobTracker implements vscode.Disposable {
  /** Jobs of this window, running or not, by id. */
  readonly jobs = new Map<string, JudgeJob>();
  private readonly status = vscode.window.createStatusBarItem('sphereEngine.judgeMany', vscode.StatusBarAlignment.Left, 40);
  private readonly subscriptions: vscode.Disposable[] = [];
  readonly testing = new JudgeManyTesting();

  constructor(
    private readonly services: Services,
    private readonly history: SubmissionHistory,
  ) {
    this.status.name = vscode.l10n.t('Sphere Engine: Judge Solutions');
    this.status.command = Commands.problemsShowJudgeResults;
  }

  add(job: JudgeJob): void {
    if (this.jobs.has(job.snapshot.id)) return;
    this.jobs.set(job.snapshot.id, job);
    this.subscriptions.push(
      job.onDidChange(() => this.refreshStatus()),
      recordInHistory(this.services, this.history, job),
    );
    this.refreshStatus();
  }

  /** Sends (when asked) and waits for the verdicts, with a notification until it ends. */
  async run(job: JudgeJob, send: boolean): Promise<void> {
    this.add(job);
    const startedAt = Date.now();
    const backend = await backendFor(this.services, job.snapshot);
    const containers = job.snapshot.target?.kind === 'containers';
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: containers
          ? vscode.l10n.t('Submit Each Folder: {0} project folders to {1}', job.rows.length, job.snapshot.problemLabel)
          : vscode.l10n.t('Judging {0} solutions to {1}', job.rows.length, job.snapshot.problemLabel),
        cancellable: true,
      },
      async (progress, token) => {
        const cancel = token.onCancellationRequested(() => job.cancelSending(vscode.l10n.t('Cancelled: the solutions not sent yet were kept for a resume.')));
        const report = () => progress.report({ message: describeCounts(job.counts()) });
        const changes = job.onDidChange(report);
        report();
        try {
          await job.start(backend, { send, concurrency: readConcurrency(job.snapshot) });
        } catch (err) {
          void showError(this.services.log, err, { context: vscode.l10n.t('Judging solutions to {0} stopped', job.snapshot.problemLabel) });
        } finally {
          cancel.dispose();
          changes.dispose();
          this.refreshStatus();
          if (job.isFinished()) this.testing.publish(job.snapshot, Date.now() - startedAt);
        }
      },
    );
    if (job.isFinished()) this.announceEnd(job);
    if (job.snapshot.stopReason && job.counts().pending > 0) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} solutions were not sent: {1} Resume the job to send them.', job.counts().pending, job.snapshot.stopReason));
    }
  }

  /** The job's end in the notification centre: the verdict counts and the way to its results. */
  private announceEnd(job: JudgeJob): void {
    const c = job.counts();
    const verdicts = countVerdicts(job.rows).map((v) => vscode.l10n.t('{0} {1}', v.count, v.verdict));
    if (c.failed) verdicts.push(vscode.l10n.t('{0} refused', c.failed));
    if (c.skipped) verdicts.push(vscode.l10n.t('{0} not sendable', c.skipped));
    const text =
      job.snapshot.target?.kind === 'containers'
        ? vscode.l10n.t('Submit Each Folder to {0} finished: {1}.', job.snapshot.problemLabel, verdicts.join(', '))
        : vscode.l10n.t('Judge Solutions in Folder for {0} finished: {1}.', job.snapshot.problemLabel, verdicts.join(', '));
    const show = vscode.l10n.t('Show Judge Results');
    void vscode.window.showInformationMessage(text, show).then((choice) => {
      if (choice === show) void vscode.commands.executeCommand(Commands.problemsShowJudgeResults, job.snapshot.id);
    });
  }

  /** Stops every runner, as closing VS Code would; the state files stay for a resume. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((job) => job.dispose()));
    this.jobs.clear();
    this.refreshStatus();
  }

  /** Only the jobs still running count (a finished job's counts are on its results page). */
  private refreshStatus(): void {
    const jobs = [...this.jobs.values()].filter((j) => !j.isFinished());
    if (jobs.length === 0) {
      this.status.hide();
      return;
    }
    const totals = jobs.map((j) => j.counts()).reduce((a, c) => ({ judged: a.judged + c.judged, sendable: a.sendable + c.total - c.skipped }), { judged: 0, sendable: 0 });
    this.status.text = `$(sync~spin) ${vscode.l10n.t('{0}/{1} judged', totals.judged, totals.sendable)}`;
    this.status.tooltip = jobs.map((j) => `${j.snapshot.problemLabel}: ${describeCounts(j.counts())}`).join('\n');
    this.status.show();
  }

  /** What the status bar item shows now (for tests): undefined when hidden. */
  statusText(): string | undefined {
    return [...this.jobs.values()].some((j) => !j.isFinished()) ? this.status.text : undefined;
  }

  dispose(): void {
    for (const job of this.jobs.values()) void job.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.status.dispose();
    this.testing.dispose();
  }
}
