// The text of a run in the output channel, framed like a local run:
//   [Running] sum.py with Python 3, input from sum.in, time limit 5 s
//   ...standard output...
//   [stderr] ...standard error...
//   [Done] runtime error, time 0.01 s, memory 3.2 MB, signal 11 (SIGSEGV: segmentation fault)
import { SUBMISSION_STATUS, type CompilersSubmission } from '../../api';
import type { RunStreams } from './run';

/** Linux signal numbers → name and meaning, for when the service sends no `signal_desc`. */
const SIGNALS: Record<number, string> = {
  1: 'SIGHUP: hang-up',
  2: 'SIGINT: interrupted',
  3: 'SIGQUIT: quit',
  4: 'SIGILL: illegal instruction',
  5: 'SIGTRAP: trace trap',
  6: 'SIGABRT: aborted (abort(), a failed assert or an uncaught C++ exception)',
  7: 'SIGBUS: bus error (misaligned or unmapped memory access)',
  8: 'SIGFPE: arithmetic error (e.g. integer division by zero)',
  9: 'SIGKILL: killed (usually over the time or memory limit)',
  11: 'SIGSEGV: segmentation fault (invalid memory access, e.g. out-of-bounds index or null pointer)',
  13: 'SIGPIPE: broken pipe',
  14: 'SIGALRM: alarm clock',
  15: 'SIGTERM: terminated',
  24: 'SIGXCPU: CPU time limit exceeded',
  25: 'SIGXFSZ: output file size limit exceeded',
  31: 'SIGSYS: forbidden system call',
};

/** "11 (SIGSEGV: segmentation fault ...)"; undefined when there is no signal to speak of. */
export function describeSignal(signal: number | null, desc: string | null): string | undefined {
  if (signal === null || signal === 0) return undefined;
  // The service reports a non-zero exit code as signal -1 ("NZEC"): no signal stopped the program,
  // and "signal -1" beside a traceback reads as a second failure (issue 40 item 8).
  if (signal < 0) return undefined;
  const known = SIGNALS[signal];
  if (!desc) return `${signal} (${known ?? 'unknown signal'})`;
  if (!known) return `${signal} (${desc})`;
  // The service's short text ("SIGSEGV") is part of ours: say the longer, plainer one.
  return known.toLowerCase().includes(desc.toLowerCase()) ? `${signal} (${known})` : `${signal} (${desc}; ${known})`;
}

export function formatSeconds(time: number | null): string {
  return time === null ? '—' : `${time.toFixed(2)} s`;
}

export function formatMemory(kb: number | null): string {
  if (kb === null) return '—';
  return kb < 1024 ? `${kb} KB` : `${(kb / 1024).toFixed(1)} MB`;
}

/** Status names differ between spec (success) and service (accepted): the code decides. */
export function statusLabel(submission: CompilersSubmission): string {
  const { code, name } = submission.result.status;
  if (code === SUBMISSION_STATUS.accepted) return 'accepted';
  return name || `status ${code}`;
}

export interface RunHeader {
  /** What runs, e.g. `sum.py` or `folder app/ (3 files)`. */
  what: string;
  compiler: string;
  inputLabel?: string;
  timeLimit?: number;
  memoryLimit?: number;
  outputFilenames?: string[];
  /** The connection profile it is sent with: said, so a run on the wrong account is seen at once. */
  profile?: string;
}

export function formatRunning(h: RunHeader): string {
  const parts = [`[Running] ${h.what} with ${h.compiler}`];
  parts.push(h.inputLabel ? `input from ${h.inputLabel}` : 'no input');
  if (h.timeLimit !== undefined) parts.push(`time limit ${h.timeLimit} s`);
  if (h.memoryLimit !== undefined) parts.push(`memory limit ${formatMemory(h.memoryLimit)}`);
  if (h.outputFilenames?.length) parts.push(`output files ${h.outputFilenames.join(', ')}`);
  if (h.profile) parts.push(`profile "${h.profile}"`);
  return parts.join(', ');
}

/** "time 0.01 s, memory 3.2 MB"; nothing for a program that never ran (it did not compile). */
export function formatUsage(submission: CompilersSubmission): string[] {
  const r = submission.result;
  if (r.status.code === SUBMISSION_STATUS.compilationError) return [];
  return [`time ${formatSeconds(r.time)}`, `memory ${formatMemory(r.memory)}`];
}

export function formatDone(submission: CompilersSubmission, elapsedMs?: number): string {
  const r = submission.result;
  const parts = [`[Done] ${statusLabel(submission)}`, ...formatUsage(submission)];
  const signal = describeSignal(r.signal, r.signal_desc);
  if (signal) parts.push(`signal ${signal}`);
  const version = submission.compiler?.version?.name;
  const tail = [
    `submission ${submission.id}`,
    version ? `${submission.compiler.name} ${version}` : undefined,
    elapsedMs !== undefined ? `${(elapsedMs / 1000).toFixed(1)} s in total` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return `${parts.join(', ')} (${tail})`;
}

/**
 * The body between [Running] and [Done]: stdout, then stderr and compiler messages, kept apart.
 * `localPaths` names the person's files where the service's paths stand (`/sandbox/prog.py`).
 */
export function formatStreams(streams: RunStreams, stdoutText: string | undefined, localPaths: (text: string) => string = (t) => t): string[] {
  const out: string[] = [];
  if (stdoutText) out.push(stdoutText.replace(/\n$/, ''));
  if (streams.cmpinfo) out.push('[Compiler messages]', localPaths(streams.cmpinfo.replace(/\n$/, '')));
  if (streams.error) out.push('[stderr]', localPaths(streams.error.replace(/\n$/, '')));
  return out;
}

/** Extra advice for a final status, or undefined when the status speaks for itself. */
export function statusAdvice(submission: CompilersSubmission): string | undefined {
  switch (submission.result.status.code) {
    case SUBMISSION_STATUS.timeLimitExceeded:
      return 'The program ran longer than the time limit: look for an endless loop or a slow algorithm, or raise sphereEngine.compilers.timeLimit.';
    case SUBMISSION_STATUS.memoryLimitExceeded:
      return 'The program used more memory than allowed: use less memory or raise sphereEngine.compilers.memoryLimit.';
    case SUBMISSION_STATUS.internalError:
      return 'The service failed on its side; running again is advised.';
    case SUBMISSION_STATUS.illegalSystemCall:
      return 'The program attempted a forbidden system call (e.g. network or process creation).';
    default:
      return undefined;
  }
}
