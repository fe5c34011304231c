// The events features tell one another through, owned by Services (created and disposed with
// them): a feature fires what happened, and whoever cares listens, with no feature importing
// another's module state. Typed here so a listener sees exactly what is fired.
import * as vscode from 'vscode';
import type { ContainersSubmission } from './api';
import type { TestsReport } from './core/containers';

export interface FinishedContainersSubmission {
  submission: ContainersSubmission;
  /** The parsed `tests_report` stream, when the submission has one that parses. */
  testsReport?: TestsReport;
  /** Absolute path of the local folder that was sent. */
  folder: string;
  /** The Containers base URL the submission was sent to. */
  endpoint: string;
}

/**
 * The moments the "Get Started" walkthrough waits for (src/features/walkthrough): reported when
 * the person actually reached them (a run finished, a solution was judged), not when the command
 * started, so a cancelled or failed attempt leaves the step open.
 */
export type Milestone = 'workspaceFilesOpened' | 'folderSubmitted' | 'fileRun' | 'solutionSubmitted';

export class SharedEvents implements vscode.Disposable {
  private readonly finished = new vscode.EventEmitter<FinishedContainersSubmission>();
  private readonly milestones = new vscode.EventEmitter<Milestone>();

  /** Fires once per Containers submission, after its output was shown and its diagnostics set. */
  readonly onDidFinishContainersSubmission = this.finished.event;
  readonly onMilestone = this.milestones.event;

  finishContainersSubmission(event: FinishedContainersSubmission): void {
    this.finished.fire(event);
  }

  reachMilestone(milestone: Milestone): void {
    this.milestones.fire(milestone);
  }

  dispose(): void {
    this.finished.dispose();
    this.milestones.dispose();
  }
}
