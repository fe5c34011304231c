// One judged submission as one test run: POST /submissions once (never retried: each one uses up
// the pool), wait at the spec's 2 s rhythm under a cancellable progress notification, then give
// every test case its verdict in the Testing view, compile errors as Diagnostics on the file.
import * as vscode from 'vscode';
import { isAbortError, MAX_TRANSFER_BYTES, SUBMISSION_STATUS, type ProblemsClient, type ProblemsSubmission, type TestCase } from '../../api';
import { PROBLEMS_POLL_MS, pollUntilDone } from '../../core/poller';
import type { Services } from '../../services';
import { withProgress } from '../../ui/progress';
import type { RunDiagnostics } from '../../ui/run-diagnostics';
import { compileDiagnostics } from './compile-diagnostics';
import type { SubmitMemory } from './memory';
import { problemItemId, type ProblemRef, type ProblemsTesting, type RecordingRun } from './testing';
import { isScored, progressText, type SubmissionVerdict, type TestVerdict, verdictOfSubmission } from '../../core/problems';

export interface JudgeDeps {
  services: Services;
  testing: ProblemsTesting;
  diagnostics: RunDiagnostics;
  memory: SubmitMemory;
}

export interface SubmitRequest {
  problemId: number;
  file: vscode.Uri;
  compilerId: number;
  /** Test case numbers; undefined runs the problem's active tests. */
  tests?: number[];
  /** From the Testing view's run profile; a request for the problem's item otherwise. */
  request?: vscode.TestRunRequest;
  token?: vscode.CancellationToken;
}

/** Streams shown in the Testing view are capped: a person reads the start of a diff, not 16 MiB. */
const MAX_SHOWN_BYTES = 256 * 1024;

/** Problem and test cases for the items; failure is fine (the submission's answer will say why). */
async function describeProblem(
  client: ProblemsClient,
  problemId: number,
  deps: JudgeDeps,
  signal: AbortSignal,
): Promise<{ ref: ProblemRef; testCases?: TestCase[]; scored?: boolean }> {
  try {
    const [problem, testCases] = await Promise.all([client.getProblem(problemId, {}, signal), client.listTestCases(problemId, signal).then((r) => r.items)]);
    return { ref: { id: problem.id, code: problem.code, name: problem.name }, testCases, scored: isScored(problem) };
  } catch (err) {
    if (isAbortError(err)) throw err;
    deps.services.log.debug(`problem ${problemId}: details not readable before submitting (${err instanceof Error ? err.message : String(err)})`);
    return { ref: { id: problemId, code: '', name: `Problem ${problemId}` } };
  }
}

/** Submits the file and reports the judgement. Resolves undefined when cancelled; rejects with the POST's error. */
export async function submitAndReport(deps: JudgeDeps, req: SubmitRequest): Promise<SubmissionVerdict | undefined> {
  const { services } = deps;
  const client = await services.connection.problems();
  // Taken with the client: the run's output names the account it was judged on, even after a switch.
  const profile = services.connection.profileName();
  const document = await vscode.workspace.openTextDocument(req.file);
  const source = document.getText();
  if (Buffer.byteLength(source) > MAX_TRANSFER_BYTES) {
    throw new Error(`${vscode.workspace.asRelativePath(req.file)} is larger than 16 MiB, the most a submission can carry. Submit a smaller source.`);
  }
  return withProgress({ title: vscode.l10n.t('Sphere Engine: judging {0}', vscode.workspace.asRelativePath(req.file)) }, async (signal, report) => {
    const combined = linkCancellation(signal, req.token);
    const { ref, testCases, scored } = await describeProblem(client, req.problemId, deps, combined);
    const existed = deps.testing.controller.items.get(problemItemId(req.problemId)) !== undefined;
    const item = deps.testing.problemItem(ref, testCases);
    const run = deps.testing.createRun(req.request ?? new vscode.TestRunRequest([item]), `Submission to ${ref.code || ref.id}`);
    const asked = req.tests ?? testCases?.filter((t) => t.active !== false).map((t) => t.number) ?? [];
    for (const n of asked) {
      const child = deps.testing.testItem(req.problemId, n);
      if (child) run.enqueued(child);
    }
    run.started(item);
    let submissionId: number;
    try {
      report('sending the solution');
      submissionId = (await client.createSubmission({ problemId: req.problemId, compilerId: req.compilerId, source, tests: req.tests }, combined)).id;
    } catch (err) {
      if (isAbortError(err)) {
        skipAll(run, deps, req.problemId, asked, item, 'cancelled before the submission was sent');
      } else {
        const text = err instanceof Error ? err.message : String(err);
        run.errored(item, new vscode.TestMessage(`Not submitted: ${text}`));
        for (const n of asked) {
          const child = deps.testing.testItem(req.problemId, n);
          if (child) run.skipped(child, 'not submitted');
        }
      }
      run.appendOutput(`Submission not created: ${err instanceof Error ? err.message : String(err)}\n`);
      run.end();
      // A problem that could not even be read (unknown, another account's) gets no lasting item.
      if (!existed && !testCases) deps.testing.controller.items.delete(item.id);
      throw err;
    }
    await deps.memory.remember(req.file, { problemId: req.problemId, compilerId: req.compilerId });
    run.appendOutput(`Submission ${submissionId} to ${ref.code || ref.id} created with profile "${profile}"; waiting for the judges (every 2 s).\n`);
    const verdict = await waitAndReport(deps, {
      client,
      run,
      submissionId,
      problemId: req.problemId,
      asked,
      document,
      compilerId: req.compilerId,
      testCases,
      scored,
      signal: combined,
      report,
    });
    if (verdict) deps.services.events.reachMilestone('solutionSubmitted');
    return verdict;
  });
}

interface WaitParams {
  client: ProblemsClient;
  run: RecordingRun;
  submissionId: number;
  problemId: number;
  asked: readonly number[];
  document: vscode.TextDocument | undefined;
  compilerId?: number;
  testCases?: readonly TestCase[];
  /** False for a binary problem: no score is shown. Unknown: shown when the service gives one. */
  scored?: boolean;
  signal: AbortSignal;
  report: (message: string) => void;
  /** A state already fetched: when final, no polling is needed. */
  initial?: ProblemsSubmission;
}

/** Polls the submission until judged and reports it; also used by Re-judge. */
export async function waitAndReport(deps: JudgeDeps, p: WaitParams): Promise<SubmissionVerdict | undefined> {
  const item = deps.testing.controller.items.get(problemItemId(p.problemId))!;
  let final: ProblemsSubmission;
  try {
    final =
      p.initial && !p.initial.executing
        ? p.initial
        : await pollUntilDone({
            fetch: (signal) => p.client.getSubmission(p.submissionId, signal),
            isExecuting: (s) => s.executing,
            intervalMs: PROBLEMS_POLL_MS,
            signal: p.signal,
            onUpdate: (s) => {
              p.report(`submission ${p.submissionId}: ${progressText(s)}`);
              for (const t of s.result.testCases) {
                const child = deps.testing.testItem(p.problemId, t.number);
                if (child) p.run.started(child);
              }
            },
            onTransientError: (err, delay) =>
              p.run.appendOutput(`Network trouble (${err instanceof Error ? err.message : String(err)}); asking again in ${Math.round(delay / 1000)} s.\n`),
          });
  } catch (err) {
    if (isAbortError(err)) {
      skipAll(p.run, deps, p.problemId, p.asked, item, `stopped waiting; submission ${p.submissionId} is still judged on the server`);
      p.run.end();
      return undefined;
    }
    p.run.errored(item, new vscode.TestMessage(`Could not read submission ${p.submissionId}: ${err instanceof Error ? err.message : String(err)}`));
    p.run.end();
    throw err;
  }
  const timeLimits = new Map((p.testCases ?? []).filter((t) => t.timeLimit !== undefined).map((t) => [t.number, t.timeLimit!]));
  const verdict = verdictOfSubmission(final, p.asked, timeLimits, p.scored ?? true);
  await reportVerdict(deps, p, final, verdict, item);
  return verdict;
}

async function reportVerdict(deps: JudgeDeps, p: WaitParams, s: ProblemsSubmission, verdict: SubmissionVerdict, item: vscode.TestItem): Promise<void> {
  const { run } = p;
  const compileError = s.result.status.code === SUBMISSION_STATUS.compilationError;
  const cmpinfo = compileError ? await readStream(p.client, s, 'cmpinfo', p.signal) : undefined;
  if (p.document) {
    const diagnostics = cmpinfo && p.compilerId !== undefined ? compileDiagnostics(cmpinfo, p.compilerId, p.document) : [];
    deps.diagnostics.set(p.document.uri, diagnostics);
  }
  // The service's output/error streams hold the run of the first test case that failed.
  const firstBad = verdict.tests.find((t) => t.outcome === 'failed');
  const detail = firstBad ? await failureDetail(p, s, firstBad) : undefined;

  if (detail?.stderr) verdict.stderr = detail.stderr;
  const stderrBlock = detail?.stderr ? `\n\nStandard error:\n${detail.stderr.trimEnd()}` : '';

  run.appendOutput(`Submission ${s.id}: ${verdict.summary}\n`);
  for (const t of verdict.tests) {
    const child = deps.testing.testItem(p.problemId, t.number);
    if (!child) continue;
    run.appendOutput(`  ${t.message}\n`);
    // The crash's traceback under its test in the Test Results output too, not only in its message.
    if (t === firstBad && detail?.stderr) run.appendOutput(`${detail.stderr.trimEnd().replace(/^/gm, '    ')}\n`);
    if (t.outcome === 'passed') {
      run.passed(child, t.durationMs, t.message);
    } else if (t.outcome === 'skipped') {
      run.skipped(child, t.message);
    } else {
      const message = new vscode.TestMessage(t.message);
      if (t === firstBad && detail?.expected !== undefined && detail.actual !== undefined) {
        const diff = vscode.TestMessage.diff(t.message, detail.expected, detail.actual);
        run.failed(child, diff, t.durationMs);
        continue;
      }
      if (t === firstBad && stderrBlock) message.message = `${t.message}${stderrBlock}`;
      if (compileError && cmpinfo) message.message = `${t.message}\n\n${cmpinfo}`;
      if (t.outcome === 'failed') run.failed(child, message, t.durationMs);
      else run.errored(child, message, t.durationMs);
    }
  }
  // The overall status and score, on the problem's own item (shown at the top of its tests).
  item.description = verdict.summary;
  const summary = `Submission ${s.id}: ${verdict.summary}`;
  if (verdict.outcome === 'passed') run.passed(item, s.result.time !== null ? Math.round(s.result.time * 1000) : undefined, summary);
  else if (verdict.outcome === 'failed') run.failed(item, new vscode.TestMessage(firstBad ? `${summary}\n${firstBad.message}${stderrBlock}` : summary));
  else run.errored(item, new vscode.TestMessage(compileError && cmpinfo ? `${summary}\n\n${cmpinfo}` : summary));
  if (compileError && cmpinfo) run.appendOutput(`\n${cmpinfo}\n`);
  run.end();
}

/** Expected against received for a wrong answer; standard error for a runtime error. */
async function failureDetail(p: WaitParams, s: ProblemsSubmission, t: TestVerdict): Promise<{ expected?: string; actual?: string; stderr?: string }> {
  if (t.statusCode === SUBMISSION_STATUS.wrongAnswer) {
    const [expected, actual] = await Promise.all([readTestCaseOutput(p, t.number), readStream(p.client, s, 'output', p.signal)]);
    return { expected, actual: actual ?? (expected !== undefined ? '' : undefined) };
  }
  if (t.statusCode === SUBMISSION_STATUS.runtimeError) return { stderr: await readStream(p.client, s, 'error', p.signal) };
  return {};
}

async function readTestCaseOutput(p: WaitParams, number: number): Promise<string | undefined> {
  const size = p.testCases?.find((t) => t.number === number)?.output?.size;
  if (size !== undefined && size > MAX_SHOWN_BYTES) return undefined;
  try {
    return (await p.client.getTestCaseFile(p.problemId, number, 'output', p.signal)).toString('utf8');
  } catch {
    return undefined; // Not every account may read a problem's test data: then no diff.
  }
}

async function readStream(client: ProblemsClient, s: ProblemsSubmission, stream: 'output' | 'error' | 'cmpinfo', signal: AbortSignal): Promise<string | undefined> {
  const ref = s.result.streams?.[stream];
  if (ref === null) return undefined;
  if (ref && ref.size > MAX_SHOWN_BYTES) return `(${stream} is ${ref.size} bytes; too large to show here)`;
  try {
    return (await client.getSubmissionStream(s.id, stream, signal)).toString('utf8');
  } catch {
    return undefined;
  }
}

function skipAll(run: RecordingRun, deps: JudgeDeps, problemId: number, asked: readonly number[], item: vscode.TestItem, why: string): void {
  run.appendOutput(`${why}\n`);
  for (const n of asked) {
    const child = deps.testing.testItem(problemId, n);
    if (child) run.skipped(child, why);
  }
  run.skipped(item, why);
}

/** One AbortSignal for the progress notification's Cancel and the Testing view's Stop. */
function linkCancellation(signal: AbortSignal, token: vscode.CancellationToken | undefined): AbortSignal {
  if (!token) return signal;
  const controller = new AbortController();
  if (signal.aborted || token.isCancellationRequested) controller.abort();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const sub = token.onCancellationRequested(() => {
    controller.abort();
    sub.dispose();
  });
  return controller.signal;
}
