// Glue between two features: the tests report of a finished Containers submission appears in the
// Testing view that the Problems feature owns, one item per submission, one child per test.
// Kept here so that neither feature imports the other.
import type * as vscode from 'vscode';
import { onDidFinishContainersSubmission } from './containers/submit/events';
import { showContainersTestsReport } from './problems/containers-report';

export function showContainersTestsInTestingView(): vscode.Disposable {
  return onDidFinishContainersSubmission((finished) => {
    if (!finished.testsReport) return;
    const { id, project } = finished.submission;
    showContainersTestsReport(id, finished.testsReport, `${project.name} #${id}`);
  });
}
