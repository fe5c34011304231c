// Tolerant reading of documented variants, so features see one shape:
// state.code as number, testcases/testCases as one field, absent signal_desc as null,
// absent or null stream maps as {}.
import type { CompilersSubmission, ContainersSubmission, Problem, ProblemsSubmission, TestCaseResult, Workspace } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a server's JSON, read field by field with checks
type Loose = Record<string, any>;

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return NaN;
}

export function normaliseWorkspace(raw: unknown): Workspace {
  const w = { ...(raw as Loose) };
  if (w.state) w.state = { error_reason: null, ...w.state, code: toNumber(w.state.code) };
  w.streams = { workspace_init_output: null, workspace_init_error: null, ...(w.streams ?? {}) };
  return w as Workspace;
}

export function normaliseContainersSubmission(raw: unknown): ContainersSubmission {
  const s = { ...(raw as Loose) };
  s.streams = s.streams ?? {};
  s.stages = s.stages ?? {};
  if (s.result?.status) s.result = { ...s.result, status: { ...s.result.status, code: toNumber(s.result.status.code) } };
  return s as ContainersSubmission;
}

function normaliseResultCommon(result: Loose | undefined): Loose {
  const r: Loose = { ...(result ?? {}) };
  if (r.status) r.status = { ...r.status, code: toNumber(r.status.code) };
  if (r.signal_desc === undefined) r.signal_desc = null;
  return r;
}

export function normaliseCompilersSubmission(raw: unknown): CompilersSubmission {
  const s = { ...(raw as Loose) };
  s.result = normaliseResultCommon(s.result);
  if ('streams' in s.result && s.result.streams === null) s.result.streams = {};
  return s as CompilersSubmission;
}

export function normaliseProblemsSubmission(raw: unknown): ProblemsSubmission {
  const s = { ...(raw as Loose) };
  const r = normaliseResultCommon(s.result);
  const tests: Loose[] = r.testCases ?? r.testcases ?? [];
  delete r.testcases;
  r.testCases = tests.map((t): TestCaseResult => ({
    ...(t as TestCaseResult),
    number: toNumber(t.number),
    status: t.status ? { ...t.status, code: toNumber(t.status.code) } : t.status,
  }));
  if ('streams' in r && r.streams === null) r.streams = {};
  s.result = r;
  return s as ProblemsSubmission;
}

export function normaliseProblem(raw: unknown): Problem {
  const p = { ...(raw as Loose) };
  if (p.testcases === undefined && p.testCases !== undefined) p.testcases = p.testCases;
  delete p.testCases;
  if (p.shortBody === undefined) p.shortBody = null;
  return p as Problem;
}
