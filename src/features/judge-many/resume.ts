// At start-up: a job that did not finish (VS Code closed, crashed or reloaded mid-job) goes on
// waiting for the submissions it has ids for, and is offered for resume. Its unsent solutions
// are sent only when the person says so.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { JudgeJob, listJournals } from '../../core/judge-many';
import type { ResultsPanels } from './results-panel';
import type { JobTracker } from './tracker';

/** Loads every unfinished job of the storage folder not already tracked, and offers each. */
export async function offerUnfinished(services: Services, tracker: JobTracker, panels: ResultsPanels, storageDir: string): Promise<number> {
  let offered = 0;
  for (const journal of listJournals(storageDir)) {
    let job: JudgeJob;
    try {
      const snapshot = journal.read();
      if (tracker.jobs.has(snapshot.id)) continue;
      job = JudgeJob.load(journal);
    } catch (err) {
      services.log.warn(`Judge job state ${journal.file} could not be read: ${String(err)}`);
      continue;
    }
    if (job.isFinished()) continue;
    offered++;
    tracker.add(job);
    // Polling what was sent costs nothing and bills nothing: it starts without asking.
    if (job.counts().sent > 0) void tracker.run(job, false);
    void offer(tracker, panels, job);
  }
  return offered;
}

async function offer(tracker: JobTracker, panels: ResultsPanels, job: JudgeJob): Promise<void> {
  const c = job.counts();
  const resume = vscode.l10n.t('Resume Sending');
  const show = vscode.l10n.t('Show Results');
  const discard = vscode.l10n.t('Discard Job');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Judging {0} in {1} did not finish: {2} solutions not sent yet, {3} being judged.', job.snapshot.problemLabel, job.snapshot.folder, c.pending, c.sent),
    ...(c.pending > 0 ? [resume] : []),
    show,
    discard,
  );
  if (choice === resume) {
    panels.show(job);
    await tracker.run(job, true);
  } else if (choice === show) {
    panels.show(job);
  } else if (choice === discard) {
    job.cancelSending();
    job.journal.remove();
    await job.dispose();
    tracker.jobs.delete(job.snapshot.id);
  }
}
