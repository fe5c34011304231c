// The Containers v1 submission statuses (spec: "Submission statuses"), one row per code, for the
// extension (src/api re-exports CONTAINERS_STATUS) and the emulator that sets them. Containers has
// a table of its own: its codes overlap the v4 ones (./status-table.ts) but not their meaning
// (14 is "fail", a tests report that did not pass; 22 a project's configuration error).
export const CONTAINERS_STATUS = {
  waiting: 0,
  preparation: 1,
  execution: 3,
  buildError: 11,
  runtimeError: 12,
  timeLimitExceeded: 13,
  fail: 14,
  ok: 15,
  internalError: 20,
  projectError: 22,
} as const;

export type ContainersStatusKey = keyof typeof CONTAINERS_STATUS;

/** Each code's name and description, as the service answers them. */
export const CONTAINERS_STATUS_TEXT: Readonly<Record<ContainersStatusKey, { name: string; desc: string }>> = {
  waiting: { name: 'waiting', desc: 'queued' },
  preparation: { name: 'preparation', desc: 'execution environment being prepared' },
  execution: { name: 'execution', desc: 'being executed' },
  buildError: { name: 'build error', desc: 'failed in the build stage' },
  runtimeError: { name: 'runtime error', desc: 'error during execution' },
  timeLimitExceeded: { name: 'time limit exceeded', desc: 'time limit exceeded' },
  fail: { name: 'fail', desc: 'judged unsuccessful in the evaluation stage' },
  ok: { name: 'ok', desc: 'executed successfully' },
  internalError: { name: 'internal error', desc: 'unexpected failure on the service side; resubmitting is advised' },
  projectError: { name: 'project error', desc: 'failure caused by the project configuration; see the debug_log stream' },
};

/** The statuses a submission passes through before its verdict. */
export const CONTAINERS_UNFINISHED = [CONTAINERS_STATUS.waiting, CONTAINERS_STATUS.preparation, CONTAINERS_STATUS.execution] as const;
