// What judges see and produce. Test case judges compare one run; master judges combine all.

export interface TestCaseJudgeInput {
  /** The test case input the program read. */
  input: Buffer;
  /** What the program wrote to stdout. */
  programOutput: Buffer;
  /** The problem setter's reference output. */
  referenceOutput: Buffer;
  /** The solution's source (judge 4 scores by its length). */
  source: Buffer;
}

export interface TestCaseJudgeVerdict {
  accepted: boolean;
  score: number;
  /** Notes for the problem setter: the `debug` stream. */
  debug: string;
}

export interface TestResult {
  number: number;
  /** Final status code of this test case (11-22). */
  status: number;
  score: number;
  time: number;
  memory: number;
  signal: number;
}

export interface MasterVerdict {
  status: number;
  score: number;
  time: number;
  memory: number;
  signal: number;
}

export type BuiltinTestCaseJudge = (input: TestCaseJudgeInput) => TestCaseJudgeVerdict;
export type BuiltinMasterJudge = (results: TestResult[]) => MasterVerdict;
