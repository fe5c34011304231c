// "Check Problem Folder": every reference solution of a problem folder judged on the linked
// problem, each one a result in the Testing view under one item for the folder. A wrong solution
// that is accepted is shown as a failure: of the problem's tests, which do not catch it. A folder
// imported from a Kattis package (kattis.json) first gets its time limit as the CLI's `check`
// derives it (the accepted solutions measured, × the package's multipliers: core/kattis/measure.ts)
// and says so; its submissions.yaml expectations apply.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { assertCheckable, checkProblemFolder, describeCheck, isProblemFolderError, readProblemFolder, type SolutionCheck } from '../../core/problem-folder';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { withProgress } from '../../ui/progress';
import { confirmSending } from '../shared/confirm-sending';
import { problemFolderFrom } from './folder-commands';
import type { ProblemsTesting } from './testing';
import { compilerForFileName } from '../shared/compiler-settings';

const CHECK_PREFIX = 'check:';
// Between the folder and the solution in a child's id: '//' is never part of a normalised path
// (VS Code reserves the NUL character in test ids).
const ROOT_SEPARATOR = '//';

/** The folder a Testing view item of a check belongs to, or undefined for other items. */
export function checkedFolderOf(itemId: string): string | undefined {
  return itemId.startsWith(CHECK_PREFIX) ? itemId.slice(CHECK_PREFIX.length).split(ROOT_SEPARATOR)[0] : undefined;
}

function items(testing: ProblemsTesting, dir: string, name: string, checks: Array<Pick<SolutionCheck, 'file' | 'expected'>>) {
  const rootId = `${CHECK_PREFIX}${dir}`;
  let root = testing.controller.items.get(rootId);
  if (!root) {
    root = testing.controller.createTestItem(rootId, vscode.l10n.t('Check: {0}', name), vscode.Uri.file(dir));
    testing.controller.items.add(root);
  }
  const children = checks.map((c) => {
    const child = testing.controller.createTestItem(`${rootId}${ROOT_SEPARATOR}${c.file}`, path.basename(c.file), vscode.Uri.file(path.join(dir, c.file)));
    child.description = vscode.l10n.t('expected: {0}', c.expected.replace(/_/g, ' '));
    return child;
  });
  root.children.replace(children);
  return { root, child: (file: string) => children[checks.findIndex((c) => c.file === file)] };
}

export async function checkProblemFolderCommand(services: Services, testing: ProblemsTesting, arg?: unknown): Promise<SolutionCheck[] | undefined> {
  const chosen = await problemFolderFrom(arg, vscode.l10n.t('Check Problem Folder: which folder?'), vscode.l10n.t('Check This Folder'));
  if (!chosen) return undefined;
  const { dir } = chosen;
  try {
    const folder = readProblemFolder(dir);
    const client = await services.connection.problems();
    // A folder that cannot be checked here (not linked, linked to another endpoint, no solutions)
    // is refused before the question. Each reference solution is one submission, billed on the
    // service: asked as Judge Solutions in Folder asks.
    const problemId = assertCheckable(folder, services.connection.endpoint('problems').baseUrl);
    const count = folder.solutions.length;
    const go = await confirmSending(services, {
      message: vscode.l10n.t('Check {0}: send its {1} reference solutions to problem {2}?', folder.json.name, count, problemId),
      button: vscode.l10n.t('Submit {0}', count),
      endpoint: services.connection.endpoint('problems').baseUrl,
      folder: chosen.fromEditor ? vscode.l10n.t("{0} (the problem folder of the active editor's file)", dir) : dir,
    });
    if (!go) return undefined;
    const { root, child } = items(testing, dir, folder.json.name, folder.solutions);
    const run = testing.createRun(new vscode.TestRunRequest([root]), vscode.l10n.t('Check {0}', folder.json.name));
    folder.solutions.forEach((s) => run.enqueued(child(s.file)));
    let checks: SolutionCheck[];
    let derived: string[] = [];
    // Every solution ends in one state a person can read: passed, failed with what it got (verdict,
    // time, memory, limit), errored, or skipped with the reason beside its name (never a spinner).
    const reported = new Set<string>();
    const report = (c: SolutionCheck) => {
      if (reported.has(c.file)) return;
      reported.add(c.file);
      const item = child(c.file);
      run.appendOutput(`${describeCheck(c)}\n`);
      if (c.skipped) {
        item.description = vscode.l10n.t('expected: {0} · {1}', c.expected.replace(/_/g, ' '), c.skipped);
        run.skipped(item, c.skipped);
      } else if (c.error) run.errored(item, new vscode.TestMessage(describeCheck(c)));
      else if (c.ok) run.passed(item, undefined, c.status?.name);
      else run.failed(item, new vscode.TestMessage(describeCheck(c)));
    };
    try {
      checks = await withProgress({ title: vscode.l10n.t('Checking {0} solutions of {1}', folder.solutions.length, folder.json.name) }, async (signal) => {
        // The active profile's endpoint, never the folder's: a folder linked elsewhere is refused.
        const endpoint = services.connection.endpoint('problems').baseUrl;
        // Nothing to do for a folder without kattis.json. (measure.ts needs no YAML parser: the
        // importer's js-yaml stays in its own bundle.)
        // Loaded on the first check only: esbuild.js bundles it apart (dist/kattis-measure.js, with
        // problemtools' language rules), which keeps it out of activation and of the 600 KB budget.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { measureKattisLimits } = require('../../core/kattis/measure') as typeof import('../../core/kattis/measure');
        const measured = await measureKattisLimits(client, dir, { endpoint, signal });
        derived = measured.lines;
        for (const l of derived) run.appendOutput(`${l}\n`);
        // The accepted solutions measured were judged already: their results are the check's.
        measured.judged.forEach(report);
        return checkProblemFolder(client, derived.length ? readProblemFolder(dir) : folder, {
          endpoint,
          judged: measured.judged,
          expectationFor: measured.expectationFor,
          prepare: measured.prepare,
          // The person's language choices, as every command that sends a file uses them.
          chosenCompiler: compilerForFileName,
          signal,
          onSubmitted: (c) => run.started(child(c.file)),
          onJudged: report,
        });
      });
      checks.forEach(report);
    } finally {
      run.end();
    }
    const failed = checks.filter((c) => !c.ok && !c.skipped);
    const skipped = checks.filter((c) => c.skipped);
    const judgedCount = checks.length - skipped.length;
    const skippedNote = skipped.length
      ? ` ${vscode.l10n.t('Skipped {0}: {1}', skipped.length, skipped.map((c) => `${path.basename(c.file)} (${c.skipped!.replace(/^skipped: /, '').replace(/\.$/, '')})`).join(', '))}.`
      : '';
    if (derived.length) void vscode.window.showInformationMessage(vscode.l10n.t('Kattis package: {0}', derived.join(' ')));
    const showResults = vscode.l10n.t('Show Results');
    const shown = failed.length
      ? vscode.window.showErrorMessage(
          `${vscode.l10n.t('{0} of {1} solutions did not get their expected verdict: {2}', failed.length, judgedCount, failed.map((c) => describeCheck(c).replace(/^\S+\s+/, '')).join('; '))}${skippedNote}`,
          showResults,
        )
      : vscode.window.showInformationMessage(`${vscode.l10n.t('All {0} solutions got their expected verdict.', judgedCount)}${skippedNote}`, showResults);
    void shown.then((b) => (b === showResults ? vscode.commands.executeCommand('testing.showMostRecentOutput') : undefined));
    return checks;
  } catch (err) {
    if (isProblemFolderError(err)) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Nothing was checked: {0}', err.message));
      return undefined;
    }
    void showError(services.log, err, { context: vscode.l10n.t('Could not check the problem folder') });
    return undefined;
  }
}
