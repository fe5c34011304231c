// Glue between two features: the tests report of a finished Containers submission appears in the
// Testing view that the Problems feature owns, one item per submission, one child per test.
// Kept here, wired in extension.ts, so that neither feature imports the other.
import type * as vscode from 'vscode';
import type { SharedEvents } from '../events';
import type { ProblemsFeature } from './problems';

export function showContainersTestsInTestingView(events: SharedEvents, problems: ProblemsFeature): vscode.Disposable {
  return events.onDidFinishContainersSubmission((finished) => {
    if (!finished.testsReport) return;
    const { id, project } = finished.submission;
    problems.showContainersTestsReport(id, finished.testsReport, `${project.name} #${id}`);
  });
}
