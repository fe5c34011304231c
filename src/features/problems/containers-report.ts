// The tests report of a Containers submission in the same Testing view as judged solutions: one
// item per submission, one child per reported test. The Containers feature calls
// showContainersTestsReport() once the submission's `tests_report` stream has been parsed
// (src/features/containers-tests-in-testing-view.ts, through the Problems feature's handle).
import * as vscode from 'vscode';
import type { TestsReport } from '../../core/containers';
import type { ProblemsTesting } from './testing';

export const containersItemId = (submissionId: number | string) => `containers:${submissionId}`;

/**
 * Shows one Containers submission's tests as a finished test run. `label` names the item
 * (e.g. "my-project #42"); returns false when the Problems feature is not active.
 */
export function showContainersTestsReport(testing: ProblemsTesting, submissionId: number | string, report: TestsReport, label?: string): boolean {
  const controller = testing.controller;
  const id = containersItemId(submissionId);
  let item = controller.items.get(id);
  if (!item) {
    item = controller.createTestItem(id, label ?? `Containers submission ${submissionId}`);
    controller.items.add(item);
  } else if (label) {
    item.label = label;
  }
  const children = report.tests.map((t, index) => {
    const name = t.classname ? `${t.classname} › ${t.name}` : t.name;
    const child = controller.createTestItem(`${id}:${index}:${name}`, name);
    child.sortText = String(index).padStart(6, '0');
    return child;
  });
  item.children.replace(children);
  const s = report.summary;
  item.description = `${s.passed}/${s.total} passed${s.failed ? `, ${s.failed} failed` : ''}${s.errors ? `, ${s.errors} errors` : ''}`;

  const run = testing.createRun(new vscode.TestRunRequest([item]), `Containers submission ${submissionId}`);
  run.started(item);
  report.tests.forEach((t, index) => {
    const child = children[index];
    const ms = Math.round(t.time * 1000);
    const message = new vscode.TestMessage(t.message ?? t.status);
    if (t.status === 'ok') run.passed(child, ms);
    else if (t.status === 'failure') run.failed(child, message, ms);
    else if (t.status === 'error') run.errored(child, message, ms);
    else run.skipped(child);
  });
  const summary = `${s.total} tests: ${s.passed} passed, ${s.failed} failed, ${s.errors} errors${s.skipped ? `, ${s.skipped} skipped` : ''}`;
  run.appendOutput(`Containers submission ${submissionId}: ${summary}\n`);
  if (s.failed + s.errors === 0) run.passed(item, Math.round(s.time * 1000), summary);
  else run.failed(item, new vscode.TestMessage(summary));
  run.end();
  return true;
}
