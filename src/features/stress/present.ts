// What the person sees when a stress test ends: for a failure, the input and both outputs in
// VS Code's diff editor (read-only documents), the seed and size, and "Save as Test" (in the
// notification and the diff's title bar: shown-failures.ts); for a
// session that could not go on, its message with the rounds made so far.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ProgramRun, StressCase, StressJudge, StressResult } from '../../core/stress';
import { stressCore } from './core';
import { readonlyTextUri, showReadonlyText } from '../../ui/readonly-text';
import type { SavedTest } from '../../core/stress';
import type { ShownFailures } from './shown-failures';

const SAVE = 'Save as Test';

/** A solution's output with its status when it did not end normally (crash, time limit). */
function shownOutput(run: ProgramRun): string {
  if (run.kind === 'ok') return run.stdout;
  return `${run.stdout}${run.stdout && !run.stdout.endsWith('\n') ? '\n' : ''}[${run.statusName}]\n${run.stderr ?? ''}`;
}

/** A further button on the result's notification (e.g. "Keep Choices in stress.json"). */
export interface ExtraAction {
  label: string;
  run(): Promise<unknown>;
}

export async function showFailure(solution: string, failure: StressCase, what: string, shown: ShownFailures, extra?: ExtraAction): Promise<SavedTest | undefined> {
  const name = path.parse(solution).name;
  const tag = `seed ${failure.seed}, size ${failure.size}`;
  // The input in a tab of its own (kept: as a preview, the diff opened next would take its place),
  // then the diff in the whole width of the group (beside another editor it renders inline).
  await showReadonlyText(`stress input (${tag}).txt`, failure.input, undefined, { preview: false });
  const expected = readonlyTextUri(`reference output (${tag})`, failure.reference.stdout);
  const actual = readonlyTextUri(`${name} output (${tag})`, shownOutput(failure.solution));
  // Kept before the diff opens, so its title bar's Save as Test works from the first moment.
  shown.add(actual, solution, failure);
  await vscode.commands.executeCommand('vscode.diff', expected, actual, vscode.l10n.t('Reference ↔ {0} ({1})', path.basename(solution), tag));
  const buttons = extra ? [SAVE, extra.label] : [SAVE];
  const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Stress test: {0} on seed {1}, size {2}.', what, failure.seed, failure.size), ...buttons);
  if (extra && answer === extra.label) await extra.run();
  if (answer !== SAVE) return undefined;
  return shown.save(actual);
}

/** Words for a failure kind, as the notification says them. */
export function describeFailure(result: StressResult, judgedBy: { judge?: StressJudge; checker?: string } = {}): string {
  const judge = judgedBy.judge ?? 'lines';
  switch (result.outcome.kind) {
    case 'wrong-answer':
      if (judgedBy.checker) return `the checker ${judgedBy.checker} rejected the solution's output`;
      return `the outputs differ at line ${result.outcome.failure.line ?? 1}${judge === 'lines' ? '' : ` (${stressCore().describeJudge(judge)})`}`;
    case 'crash':
      return `the solution crashed (${result.outcome.failure.solution.statusName})`;
    case 'too-slow':
      return 'the solution ran out of time where the reference did not';
    default:
      return result.outcome.kind;
  }
}
