// Judge many at once: "Judge Solutions in Folder…" runs a folder of solutions against one problem
// as one resumable job (src/core/judge-many), with progress, a results page and exports.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { SubmissionHistory } from '../containers/history/store';
import type { LatestBestMatches } from '../similarity/latest';
import { Commands, registerCommand } from '../../ui/commands';
import { showQuickPick } from '../../ui/prompts';
import { type JobSnapshot, toCsv } from '../../core/judge-many';
import type { RenderedTable } from '../../core/judge-many/results-html';
import { judgeFolder } from './judge-folder';
import { offerUnfinished } from './resume';
import { submitEachFolder } from './submit-each-folder';
import { exportJob, ResultsPanels } from './results-panel';
import { JobTracker } from './tracker';

declare module '../../test-api' {
  interface TestHooks {
    judgeMany: JudgeManyTestApi;
  }
}

/** Test hooks: plain data and functions, never the tracker or a job. */
export interface JudgeManyTestApi {
  jobs(): JobSnapshot[];
  csv(jobId: string): string | undefined;
  /** Rows the job's results page reported as rendered. */
  renderedRows(jobId: string): number | undefined;
  /** The results page's header and first rows as text, as it last showed them. */
  renderedTable(jobId: string): RenderedTable | undefined;
  /** Stops every runner as closing VS Code would (the state files stay). */
  stopRunners(): Promise<void>;
  /** The job's solutions as the Testing view last showed them. */
  testOutcomes(jobId: string): Array<{ key: string; outcome: string }> | undefined;
  /** What activation does: offer the unfinished jobs of the storage folder. */
  offerUnfinished(): Promise<number>;
  /** The status bar item's text; undefined while it is hidden. */
  statusText(): string | undefined;
  /** The duration the job's item got in the Testing view (ms). */
  testDuration(jobId: string): number | undefined;
  /** The results page's Export CSV button, as a click on it would run it (the save dialog as the person answers it). */
  exportCsv(jobId: string): Promise<string | undefined>;
}

export function registerJudgeManyFeature(services: Services, submissionHistory: SubmissionHistory, similarity: LatestBestMatches): void {
  const { context } = services;
  const storageDir = () => path.join(context.globalStorageUri.fsPath, 'judge-jobs');
  const tracker = new JobTracker(services, submissionHistory);
  const panels = new ResultsPanels(similarity);
  const deps = { services, tracker, panels, storageDir };

  context.subscriptions.push(
    tracker,
    panels,
    registerCommand(Commands.problemsJudgeFolder, (uriOrNode?: unknown, extra?: unknown) => judgeFolder(deps, uriOrNode, extra)),
    registerCommand(Commands.containersSubmitEachFolder, (uriOrArgs?: unknown, extra?: unknown) => submitEachFolder(deps, uriOrArgs, extra)),
    registerCommand(Commands.problemsShowJudgeResults, async (jobId?: unknown) => {
      const jobs = [...tracker.jobs.values()];
      const job =
        jobs.find((j) => j.snapshot.id === jobId) ??
        (jobs.length <= 1
          ? jobs[0]
          : (
              await showQuickPick(
                jobs.map((j) => ({ label: j.snapshot.problemLabel, description: j.snapshot.folder, job: j })),
                { title: vscode.l10n.t('Show the results of which job?') },
              )
            )?.job);
      if (!job) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No judge job in this window. Run "Judge Solutions in Folder…" first.'));
        return undefined;
      }
      panels.show(job);
      return job.snapshot.id;
    }),
  );

  // After activation, never in it: reading the storage folder is file I/O activation avoids.
  setTimeout(() => void offerUnfinished(services, tracker, panels, storageDir()).catch((err) => services.log.warn(String(err))), 2000);

  const api: JudgeManyTestApi = {
    jobs: () => [...tracker.jobs.values()].map((j) => JSON.parse(JSON.stringify(j.snapshot)) as JobSnapshot),
    csv: (jobId) => {
      const job = tracker.jobs.get(jobId);
      return job && toCsv(job.snapshot);
    },
    renderedRows: (jobId) => panels.rendered.get(jobId),
    renderedTable: (jobId) => {
      const table = panels.renderedTables.get(jobId);
      return table && (JSON.parse(JSON.stringify(table)) as RenderedTable);
    },
    stopRunners: () => tracker.stopAll(),
    testOutcomes: (jobId) => tracker.testing.recorded.get(jobId),
    offerUnfinished: () => offerUnfinished(services, tracker, panels, storageDir()),
    statusText: () => tracker.statusText(),
    testDuration: (jobId) => tracker.testing.durations.get(jobId),
    exportCsv: async (jobId) => {
      const job = tracker.jobs.get(jobId);
      return job && (await exportJob(job, 'csv'))?.fsPath;
    },
  };
  if (services.testHooks) services.testHooks.judgeMany = api;
}
