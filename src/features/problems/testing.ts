// The Testing view side: one TestController, one item per problem with one child per test case
// (and one item per Containers submission with one child per reported test). Every result given
// to a TestRun is also recorded, because the VS Code API has no way to read results back and host
// tests must assert what the Testing view shows.
import * as vscode from 'vscode';
import type { TestCaseSummary } from '../../api';
import type { Outcome } from '../../core/problems';

export const CONTROLLER_ID = 'sphereEngine.problems';

export interface RecordedResult {
  itemId: string;
  label: string;
  outcome: Outcome | 'started' | 'enqueued';
  message?: string;
  expected?: string;
  actual?: string;
  durationMs?: number;
}

export interface RecordedRun {
  name: string;
  results: RecordedResult[];
  output: string;
  ended: boolean;
}

export interface ProblemRef {
  id: number;
  code: string;
  name: string;
}

export interface TestItemSnapshot {
  id: string;
  label: string;
  description?: string;
  children: TestItemSnapshot[];
}

export const problemItemId = (problemId: number) => `problem:${problemId}`;
export const testItemId = (problemId: number, number: number) => `problem:${problemId}:test:${number}`;

/** problem:<id>[:test:<n>] → ids; undefined for other items (Containers reports). */
export function parseItemId(id: string): { problemId: number; test?: number } | undefined {
  const m = /^problem:(\d+)(?::test:(\d+))?$/.exec(id);
  if (!m) return undefined;
  return { problemId: Number(m[1]), ...(m[2] !== undefined ? { test: Number(m[2]) } : {}) };
}

export class ProblemsTesting implements vscode.Disposable {
  readonly controller: vscode.TestController;
  readonly runs: RecordedRun[] = [];

  constructor() {
    this.controller = vscode.tests.createTestController(CONTROLLER_ID, 'Sphere Engine Problems');
  }

  /** The problem's item, created or renamed; with `testCases`, its children match them. */
  problemItem(problem: ProblemRef, testCases?: ReadonlyArray<TestCaseSummary & { timeLimit?: number }>): vscode.TestItem {
    const id = problemItemId(problem.id);
    let item = this.controller.items.get(id);
    const label = problem.code ? `${problem.code} — ${problem.name}` : problem.name || `Problem ${problem.id}`;
    if (!item) {
      item = this.controller.createTestItem(id, label);
      this.controller.items.add(item);
    } else {
      item.label = label;
    }
    if (testCases) {
      const children = testCases.map((t) => {
        const child = this.controller.createTestItem(testItemId(problem.id, t.number), `Test ${t.number}`);
        // Labelled: a bare "1 s" beside the run's own time read as a second duration (issue 31 item 8).
        const parts = [t.timeLimit !== undefined ? vscode.l10n.t('time limit {0} s', t.timeLimit) : undefined, t.active === false ? vscode.l10n.t('inactive') : undefined].filter(
          Boolean,
        );
        child.description = parts.join(' · ') || undefined;
        child.sortText = String(t.number).padStart(6, '0');
        return child;
      });
      item.children.replace(children);
    }
    return item;
  }

  /** A child for a test number the problem listing did not show (added after we looked). */
  testItem(problemId: number, number: number): vscode.TestItem | undefined {
    const parent = this.controller.items.get(problemItemId(problemId));
    if (!parent) return undefined;
    const id = testItemId(problemId, number);
    let child = parent.children.get(id);
    if (!child) {
      child = this.controller.createTestItem(id, `Test ${number}`);
      child.sortText = String(number).padStart(6, '0');
      parent.children.add(child);
    }
    return child;
  }

  /** A TestRun whose every result is also kept in `runs` (the test hooks read them). */
  createRun(request: vscode.TestRunRequest, name: string): RecordingRun {
    const run = this.controller.createTestRun(request, name, true);
    const record: RecordedRun = { name, results: [], output: '', ended: false };
    this.runs.push(record);
    if (this.runs.length > 20) this.runs.shift();
    return new RecordingRun(run, record);
  }

  snapshot(): TestItemSnapshot[] {
    const walk = (items: vscode.TestItemCollection): TestItemSnapshot[] => {
      const out: TestItemSnapshot[] = [];
      items.forEach((item) => out.push({ id: item.id, label: item.label, description: item.description, children: walk(item.children) }));
      return out.sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));
    };
    return walk(this.controller.items);
  }

  dispose(): void {
    this.controller.dispose();
  }
}

/** A TestRun that records what it was told. */
export class RecordingRun {
  constructor(
    readonly run: vscode.TestRun,
    readonly record: RecordedRun,
  ) {}

  private note(item: vscode.TestItem, result: Omit<RecordedResult, 'itemId' | 'label'>): void {
    const at = this.record.results.findIndex((r) => r.itemId === item.id);
    const entry = { itemId: item.id, label: item.label, ...result };
    if (at >= 0) this.record.results[at] = entry;
    else this.record.results.push(entry);
  }

  enqueued(item: vscode.TestItem): void {
    this.run.enqueued(item);
    this.note(item, { outcome: 'enqueued' });
  }

  started(item: vscode.TestItem): void {
    this.run.started(item);
    this.note(item, { outcome: 'started' });
  }

  passed(item: vscode.TestItem, durationMs?: number, message?: string): void {
    this.run.passed(item, durationMs);
    this.note(item, { outcome: 'passed', message, durationMs });
  }

  failed(item: vscode.TestItem, message: vscode.TestMessage, durationMs?: number): void {
    this.run.failed(item, message, durationMs);
    this.note(item, { outcome: 'failed', ...messageFields(message), durationMs });
  }

  errored(item: vscode.TestItem, message: vscode.TestMessage, durationMs?: number): void {
    this.run.errored(item, message, durationMs);
    this.note(item, { outcome: 'errored', ...messageFields(message), durationMs });
  }

  skipped(item: vscode.TestItem, message?: string): void {
    this.run.skipped(item);
    this.note(item, { outcome: 'skipped', message });
  }

  appendOutput(text: string): void {
    // The Test Results terminal needs CRLF line ends.
    this.run.appendOutput(text.replace(/\r?\n/g, '\r\n'));
    this.record.output += text;
  }

  end(): void {
    this.run.end();
    this.record.ended = true;
  }
}

function messageFields(m: vscode.TestMessage): { message: string; expected?: string; actual?: string } {
  const text = typeof m.message === 'string' ? m.message : m.message.value;
  return { message: text, ...(m.expectedOutput !== undefined ? { expected: m.expectedOutput } : {}), ...(m.actualOutput !== undefined ? { actual: m.actualOutput } : {}) };
}
