// A finished job in the Testing view: one item per job, one child per solution, its verdict the
// result (accepted passes, a judged failure fails, what could not be sent or was refused errors).
// The job's item carries how long the job took; a solution's own run time is in its description
// (as a test duration VS Code would add them up into a time the job never took).
// Results are also recorded, as VS Code has no API to read them back for the tests.
import * as vscode from 'vscode';
import { isPassed, type JobSnapshot, type SolutionRow } from '../../core/judge-many';

export interface RecordedOutcome {
  key: string;
  outcome: 'passed' | 'failed' | 'errored' | 'skipped';
}

export class JudgeManyTesting implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController('sphereEngine.judgeMany', vscode.l10n.t('Sphere Engine: Judged Folders'));
  /** Outcomes of each job's last published run, by job id. */
  readonly recorded = new Map<string, RecordedOutcome[]>();
  /** The duration given to each job's item, by job id. */
  readonly durations = new Map<string, number>();

  publish(job: JobSnapshot, elapsedMs: number): void {
    const parent = this.controller.createTestItem(job.id, `${job.problemLabel} · ${job.folder}`);
    const children = job.rows.map((row) => {
      const item = this.controller.createTestItem(`${job.id}/${row.key}`, row.key, vscode.Uri.file(`${job.folder}/${row.key}`));
      const time = row.result?.time;
      item.description = row.result ? `${row.result.status}${time !== null && time !== undefined ? ` · ${time} s` : ''}` : (row.problem ?? row.error ?? row.phase);
      return item;
    });
    parent.children.replace(children);
    this.controller.items.add(parent);
    const run = this.controller.createTestRun(new vscode.TestRunRequest([parent]), parent.label, false);
    const outcomes: RecordedOutcome[] = [];
    job.rows.forEach((row, i) => {
      const outcome = outcomeOf(row);
      outcomes.push({ key: row.key, outcome });
      const item = children[i];
      const message = new vscode.TestMessage(item.description ?? '');
      if (outcome === 'passed') run.passed(item);
      else if (outcome === 'failed') run.failed(item, message);
      else if (outcome === 'errored') run.errored(item, message);
      else run.skipped(item);
    });
    const elapsed = Math.max(0, Math.round(elapsedMs));
    if (outcomes.every((o) => o.outcome === 'passed')) run.passed(parent, elapsed);
    else run.failed(parent, new vscode.TestMessage(parent.label), elapsed);
    run.end();
    this.recorded.set(job.id, outcomes);
    this.durations.set(job.id, elapsed);
  }

  dispose(): void {
    this.controller.dispose();
  }
}

function outcomeOf(row: SolutionRow): RecordedOutcome['outcome'] {
  if (row.phase === 'judged') return isPassed(row.result!) ? 'passed' : 'failed';
  if (row.phase === 'skipped' || row.phase === 'failed' || row.phase === 'sending') return 'errored';
  return 'skipped';
}
