// The finished-submission event, for features that show results elsewhere (the Testing view).
//
//   import { onDidFinishContainersSubmission } from '../containers/submit/events';
//   onDidFinishContainersSubmission((e) => { if (e.testsReport) ... });
import * as vscode from 'vscode';
import type { ContainersSubmission } from '../../../api';
import type { TestsReport } from '../../../core/tests-report';

export interface FinishedContainersSubmission {
  submission: ContainersSubmission;
  /** The parsed `tests_report` stream, when the submission has one that parses. */
  testsReport?: TestsReport;
  /** Absolute path of the local folder that was sent. */
  folder: string;
  /** The Containers base URL the submission was sent to. */
  endpoint: string;
}

const emitter = new vscode.EventEmitter<FinishedContainersSubmission>();

/** Fires once per submission, after its output was shown and its diagnostics set. */
export const onDidFinishContainersSubmission: vscode.Event<FinishedContainersSubmission> = emitter.event;

export function fireFinished(event: FinishedContainersSubmission): void {
  emitter.fire(event);
}
