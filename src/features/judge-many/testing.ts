// A finished job in the Testing view: one item per job, one child per solution, its verdict the
// result (accepted passes, a judged failure fails, what could not be sent or was refused errors).
// Results are also recorded, as VS Code has no API to read them back for the tests.
import * as vscode from 'vscode';
import { isPassed, type JobSnapshot, type SolutionRow } from '../../core/judge-many/types';

export interface RecordedOutcome {
  key: string;
  outcome: 'passed' | 'failed' | 'errored' | 'skipped';
}

export class JudgeManyTesting implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController('sphereEngine.judgeMany', vscode.l10n.t('Sphere Engine: Judged Folders'));
  /** Outcomes of each job's last published run, by job id. */
  readonly recorded = new Map<string, RecordedOutcome[]>();

  publish(job: JobSnapshot): void {
    const parent = this.controller.createTestItem(job.id, `${job.problemLabel} · ${job.folder}`);
    const children = job.rows.map((row) => {
      const item = this.controller.createTestItem(`${job.id}/${row.key}`, row.key, vscode.Uri.file(`${job.folder}/${row.key}`));
      item.description = row.result?.status ?? row.problem ?? row.error ?? row.phase;
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
      const ms = row.result?.time === null || row.result?.time === undefined ? undefined : row.result.time * 1000;
      if (outcome === 'passed') run.passed(item, ms);
      else if (outcome === 'failed') run.failed(item, message, ms);
      else if (outcome === 'errored') run.errored(item, message);
      else run.skipped(item);
    });
    run.end();
    this.recorded.set(job.id, outcomes);
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
