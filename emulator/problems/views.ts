// JSON shapes of problems, test cases and judges (v4: the spec's change list applied to v3).
import type { EmulatorContext } from '../context';
import { JUDGE_TYPE_NAMES } from '../judges/builtins';
import { findJudge, judgeSource, type AnyJudge } from './judges-store';
import type { ProblemsDb } from './db';
import type { ProblemRecord, TestCaseRecord } from './records';

export const PROBLEM_TYPES: Record<number, string> = { 0: 'binary', 1: 'minimize', 2: 'maximize' };

function shorten(body: string): string {
  const limit = 200;
  return body.length <= limit ? body : `${body.slice(0, limit).trimEnd()}...`;
}

export function problemView(ctx: EmulatorContext, db: ProblemsDb, p: ProblemRecord, withShortBody: boolean) {
  const master = findJudge(db, p.masterjudgeId);
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    body: p.body,
    type: { id: p.typeId, name: PROBLEM_TYPES[p.typeId] ?? 'binary' },
    interactive: p.interactive,
    executionMode: p.executionMode,
    masterjudge: {
      id: p.masterjudgeId,
      name: master?.judge.name ?? '',
      uri: `${ctx.origin()}/problems/api/v4/judges/${p.masterjudgeId}?access_token=${ctx.streamToken()}`,
    },
    testcases: p.testcases.map((t) => ({ number: t.number, active: t.active })),
    permissions: { edit: true, clone: true },
    lastModified: { body: p.lastModifiedBody, settings: p.lastModifiedSettings },
    shortBody: withShortBody ? shorten(p.body) : null,
    uri: `${ctx.origin()}/problems/api/v4/problems/${p.id}?access_token=${ctx.streamToken()}`,
  };
}

export function testCaseView(ctx: EmulatorContext, db: ProblemsDb, p: ProblemRecord, t: TestCaseRecord) {
  const base = `${ctx.origin()}/problems/api/v4/problems/${p.id}/testcases/${t.number}`;
  const token = `access_token=${ctx.streamToken()}`;
  const judge = findJudge(db, t.judgeId);
  const input = { size: t.inputSize, uri: `${base}/input?${token}` };
  const output = { size: t.outputSize, uri: `${base}/output?${token}` };
  return {
    number: t.number,
    active: t.active,
    timeLimit: t.timeLimit,
    judge: { id: t.judgeId, name: judge?.judge.name ?? '', uri: `${ctx.origin()}/problems/api/v4/judges/${t.judgeId}?${token}` },
    input,
    output,
    // The change list names a `data` object holding input and output: both spellings are served.
    data: { input, output },
    uri: `${base}?${token}`,
  };
}

export interface CompilerInfo {
  id: number;
  name: string;
  version: { id: number; name: string };
}

/** Built-in judges run natively; they still report a compiler, as every judge record has one. */
const NATIVE = { id: 11, name: 'C', version: { id: 1, name: 'built-in (native in the emulator)' } };

export function judgeView(ctx: EmulatorContext, db: ProblemsDb, j: AnyJudge, compilerOf: (id: number, versionId: number) => CompilerInfo) {
  const token = `access_token=${ctx.streamToken()}`;
  const base = `${ctx.origin()}/problems/api/v4/judges/${j.judge.id}`;
  const typeId = j.judge.typeId;
  const isBuiltin = j.kind === 'builtin';
  return {
    id: j.judge.id,
    name: j.judge.name,
    type: { id: typeId, name: JUDGE_TYPE_NAMES[typeId] },
    visibility: isBuiltin || j.judge.shared ? 'public' : 'private',
    shared: isBuiltin ? true : j.judge.shared,
    builtIn: isBuiltin,
    compiler: isBuiltin ? NATIVE : compilerOf(j.judge.compilerId, j.judge.compilerVersionId),
    source: { size: judgeSource(db, j).length, uri: `${base}/source?${token}` },
    uri: `${base}?${token}`,
  };
}
