// Runs one scenario's stages init → build → run → test → post in a prepared run folder, with the
// SE_* environment of the service (service-notes §1.2) and each stage's timeout, and decides the
// final status: build fails → 11; init/run fails → 12; a stage over its timeout → 13; a tests
// report → 14/15 with score = 100 * passed / total; a malformed tests report → 22.
// A stage's timeout is CPU time, as a contest judge's limit is; its `time` is the wall-clock time
// it took (how long the person waited).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { round3 } from '../clock';
import type { EmulatorContext } from '../context';
import { readFileBeneath, UnsafePathError } from '../fs-safety/beneath';
import { removeTree } from '../fs-safety/remove-tree';
import { initRunner } from '../runner';
import { wallCapMs, wallGuardMs } from '../runner/supervisor-command';
import type { RunResult } from '../runner/types';
import { STAGES, type Scenario, type StageName } from './project-config';
import { SUBMISSION_STATUS, type StageResult, type SubmissionRecord } from './submission-model';
import { CONTAINERS_STATUS as C } from '../../contract';

const OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;
const MAX_PROCESSES = 128;

export interface RunLayout {
  /** The run's only writable folder (the sandbox binds it); holds workspace/ and runtime/. */
  runDir: string;
  workspace: string;
  runtime: string;
}

/** What a scenario's run gives its submission record, and the debug_log lines beside it. */
export interface ScenarioOutcome extends Pick<SubmissionRecord, 'status' | 'score' | 'time' | 'memory' | 'signal' | 'stages'> {
  /** Lines for the debug_log stream (empty: no debug_log). */
  debug: string[];
}

export function runLayout(runDir: string): RunLayout {
  return { runDir, workspace: path.join(runDir, 'workspace'), runtime: path.join(runDir, 'runtime') };
}

export const stageStreamFile = (layout: RunLayout, stage: StageName, kind: 'output' | 'error') => path.join(layout.runtime, `stage_${stage}_${kind}`);
export const testsReportFile = (layout: RunLayout) => path.join(layout.runtime, 'tests_report.json');
export const auxdataFile = (layout: RunLayout) => path.join(layout.runtime, 'auxdata');

function seEnvironment(layout: RunLayout, stage: StageName, done: Partial<Record<StageName, StageResult>>): Record<string, string> {
  const env: Record<string, string> = {
    SE_CURRENT_STAGE: stage,
    SE_PATH_WORKSPACE: layout.workspace,
    SE_PATH_RUNTIME: layout.runtime,
    SE_PATH_RUNTIME_DATA: path.join(layout.runtime, 'data'),
    SE_PATH_FINAL_TESTS_REPORT: testsReportFile(layout),
    SE_PATH_UNIT_TESTS_REPORT: path.join(layout.runtime, 'unit_tests_report.xml'),
    SE_PATH_TEST_CASES: path.join(layout.workspace, '.sphere-engine', 'test_cases'),
    // Not a documented variable: where a project may leave its `auxdata` package.
    SE_PATH_AUXDATA: auxdataFile(layout),
  };
  for (const s of STAGES) {
    const up = s.toUpperCase();
    env[`SE_PATH_STAGE_${up}_STDOUT`] = stageStreamFile(layout, s, 'output');
    env[`SE_PATH_STAGE_${up}_STDERR`] = stageStreamFile(layout, s, 'error');
    const result = done[s];
    if (result && !result.skipped) {
      env[`SE_STAGE_${up}_EXIT_CODE`] = String(result.exit_code);
      env[`SE_STAGE_${up}_SIGNAL`] = result.signal === null ? '' : String(result.signal);
    }
  }
  return env;
}

function changedTo(code: number) {
  return { code, name: SUBMISSION_STATUS[code].name, desc: SUBMISSION_STATUS[code].desc };
}

interface TestEntry {
  name: string;
  status: string;
}

/** The most of a tests report the emulator reads. */
const TESTS_REPORT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Reads the final tests report; undefined when the stage wrote none, a string when it is malformed
 * or refused (a link, a pipe or a hard link the code put there is never followed: fs-safety).
 */
function readTestsReport(layout: RunLayout): TestEntry[] | string | undefined {
  let text: string;
  try {
    text = readFileBeneath(layout.runDir, path.relative(layout.runDir, testsReportFile(layout)), { singleLink: true, maxBytes: TESTS_REPORT_MAX_BYTES }).toString('utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return `tests report not read: ${err instanceof UnsafePathError ? err.message : (code ?? (err as Error).message)}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return `tests report is not valid JSON: ${(err as Error).message}`;
  }
  if (!Array.isArray(parsed)) return 'tests report must be a JSON array of tests';
  for (const [i, t] of parsed.entries()) {
    if (typeof t !== 'object' || t === null || typeof (t as TestEntry).status !== 'string') {
      return `tests report entry ${i} has no "status"`;
    }
  }
  return parsed as TestEntry[];
}

/**
 * Before a stage: the code of the stages before could have replaced the runtime folder, or the
 * files this stage's output goes to, with links to host files. The runtime folder is made a real
 * folder again and the output files are removed (as links, never followed), so the runner creates
 * them afresh inside the run folder.
 */
async function prepareRuntime(layout: RunLayout, outputs: string[]): Promise<void> {
  const quiet = () => undefined;
  const st = fs.lstatSync(layout.runtime, { throwIfNoEntry: false });
  if (!st || !st.isDirectory()) {
    await removeTree(layout.runtime, quiet);
    fs.mkdirSync(path.join(layout.runtime, 'data'), { recursive: true, mode: 0o700 });
  }
  for (const file of outputs) await removeTree(file, quiet);
}

/** What debug_log says about a stage ended by its timeout: its CPU time, or the wall-clock guard. */
function timeoutNote(stage: StageName, timeoutSec: number, result: RunResult): string {
  if (result.timeSec >= timeoutSec) {
    return `stage ${stage} exceeded its timeout of ${timeoutSec} s of CPU time (used ${round3(result.timeSec)} s): make it do less work, or raise "timeout" in the project configuration`;
  }
  const limit = { timeLimitMs: Math.round(timeoutSec * 1000) };
  return (
    `stage ${stage} was stopped by the wall-clock guard after ${round3(result.wallSec)} s, having used ${round3(result.timeSec)} s of its ${timeoutSec} s of CPU time: ` +
    `it slept or waited (on input, a lock or a server) for longer than the guard's ${wallGuardMs(limit) / 1000} s ` +
    `(time spent waiting for a CPU on a busy machine does not count, up to ${wallCapMs(limit) / 1000} s of wall-clock time in all)`
  );
}

export async function runScenario(ctx: EmulatorContext, layout: RunLayout, scenario: Scenario, signal: AbortSignal): Promise<ScenarioOutcome> {
  fs.mkdirSync(path.join(layout.runtime, 'data'), { recursive: true });
  const stages = {} as Record<StageName, StageResult>;
  const outcome: ScenarioOutcome = { status: C.ok, score: 0, time: 0, memory: 0, signal: 0, stages, debug: [] };
  let decided: StageName | undefined; // the stage that set a failing status; later stages are skipped
  let lastRun: StageName | undefined;

  for (const stage of STAGES) {
    const config = scenario.stages[stage];
    // post always gets its chance (clean-up); other stages stop after a failure.
    if (config.command === null || (decided && stage !== 'post')) {
      stages[stage] = { time: 0, skipped: true, exit_code: 0, signal: null, status_changed_to: null };
      continue;
    }
    const stdoutPath = stageStreamFile(layout, stage, 'output');
    const stderrPath = stageStreamFile(layout, stage, 'error');
    await prepareRuntime(layout, [stdoutPath, stderrPath]);
    const result: RunResult = await initRunner(ctx).run({
      command: ['bash', '-c', `cd "$SE_PATH_WORKSPACE" && ${config.command}`],
      cwd: layout.runDir,
      env: seEnvironment(layout, stage, stages),
      stdoutPath,
      stderrPath,
      // The timeout limits the CPU time of the stage's processes, with the runner's wall-clock
      // guard (wallGuardMs) for stages that sleep or block: a busy machine slows a stage down but
      // never changes its status (issue 37; README "Containers stage timeouts").
      timeLimitMs: Math.round(config.timeoutSec * 1000),
      outputLimitBytes: OUTPUT_LIMIT_BYTES,
      maxProcesses: MAX_PROCESSES,
      network: scenario.network,
      signal,
    });
    if (signal.aborted) throw new Error('run aborted');
    lastRun = stage;
    const failed = result.timedOut || result.exitCode !== 0;
    stages[stage] = {
      time: result.wallSec,
      skipped: false,
      exit_code: result.exitCode ?? (result.signal !== null ? 128 + result.signal : 1),
      signal: result.signal,
      status_changed_to: null,
    };
    outcome.time = round3(outcome.time + result.wallSec);
    outcome.memory = Math.max(outcome.memory, result.memoryKb);
    if (decided) continue;

    let status: number | undefined;
    if (result.timedOut) {
      status = C.timeLimitExceeded;
      outcome.debug.push(timeoutNote(stage, config.timeoutSec, result));
    } else if (stage === 'test') {
      const report = readTestsReport(layout);
      if (typeof report === 'string') {
        status = C.projectError;
        outcome.debug.push(report);
      } else if (report !== undefined) {
        const passed = report.filter((t) => t.status === 'ok').length;
        outcome.score = report.length ? Math.round((10000 * passed) / report.length) / 100 : 0;
        const code = report.length > 0 && passed === report.length ? C.ok : C.fail;
        stages[stage].status_changed_to = changedTo(code);
        outcome.status = code;
        if (code === C.fail) decided = stage;
        continue;
      } else if (failed) {
        status = C.fail;
      }
    } else if (failed && stage === 'build') {
      status = C.buildError;
    } else if (failed && stage !== 'post') {
      status = C.runtimeError;
    }
    if (status !== undefined) {
      stages[stage].status_changed_to = changedTo(status);
      outcome.status = status;
      outcome.signal = result.signal ?? 0;
      decided = stage;
    }
  }
  // A clean run: the last stage that ran is the one that made it "ok".
  if (!decided && lastRun && !STAGES.some((s) => stages[s].status_changed_to)) {
    stages[lastRun].status_changed_to = changedTo(C.ok);
  }
  return outcome;
}
