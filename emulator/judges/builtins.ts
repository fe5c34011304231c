// The catalogue of built-in judges: ids and names as the service lists them, the function that
// implements each, and a readable "source" for GET /judges/{id}/source.
import * as tc from './testcase-judges';
import * as master from './master-judges';
import type { BuiltinMasterJudge, BuiltinTestCaseJudge } from './types';

export const JUDGE_TYPE = { testcase: 0, master: 1 } as const;
export const JUDGE_TYPE_NAMES: Record<number, string> = { 0: 'testcase', 1: 'master' };

interface BuiltinBase {
  id: number;
  name: string;
  /** Shown as the judge's source: built-ins are implemented natively by the emulator. */
  description: string;
}
export interface BuiltinTestCase extends BuiltinBase {
  typeId: 0;
  run: BuiltinTestCaseJudge;
}
export interface BuiltinMaster extends BuiltinBase {
  typeId: 1;
  run: BuiltinMasterJudge;
}
export type BuiltinJudge = BuiltinTestCase | BuiltinMaster;

export const BUILTIN_JUDGES: BuiltinJudge[] = [
  {
    id: 1,
    typeId: 0,
    name: 'Ignores extra whitespaces',
    run: tc.ignoreWhitespace,
    description: 'Accepts when the output equals the reference after trimming and collapsing every run of whitespace (spaces, tabs, line breaks). Score 0.',
  },
  {
    id: 2,
    typeId: 0,
    name: 'Floating point numbers with precision 1e-2',
    run: tc.floats1e2,
    description: 'Compares whitespace-separated tokens; numbers may differ by at most 0.01, other tokens must be equal. Score 0.',
  },
  {
    id: 3,
    typeId: 0,
    name: 'Floating point numbers with precision 1e-6',
    run: tc.floats1e6,
    description: 'Compares whitespace-separated tokens; numbers may differ by at most 0.000001, other tokens must be equal. Score 0.',
  },
  {
    id: 4,
    typeId: 0,
    name: 'Score is source length',
    run: tc.scoreIsSourceLength,
    description: 'Like judge 1; when accepted the score is the length of the solution source in bytes (for minimize problems).',
  },
  { id: 9, typeId: 0, name: 'Academy', run: tc.academy, description: 'Like judge 1; on a wrong answer the debug stream lists the differing lines.' },
  { id: 10, typeId: 0, name: 'Exact judge', run: tc.exact, description: 'Accepts only a byte-identical output. Score 0.' },
  {
    id: 1000,
    typeId: 1,
    name: 'Generic masterjudge',
    run: master.generic,
    description:
      'The first test case that is not accepted gives the final status (score 0); time is the sum and memory the maximum; when all are accepted the score is the average of the test scores.',
  },
  {
    id: 1001,
    typeId: 1,
    name: 'Score is % of correctly solved sets',
    run: master.percentSolved,
    description:
      'Score = 100 * accepted / total (2 decimals); time and memory over accepted test cases; status: runtime error if all are, time limit exceeded if all are, wrong answer if none is accepted, else accepted.',
  },
];

export function builtinJudge(id: number): BuiltinJudge | undefined {
  return BUILTIN_JUDGES.find((j) => j.id === id);
}
