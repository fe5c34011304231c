// Seed problems, created on the first start of an empty data directory. Ids and codes are stable
// so documentation, tests and demos can name them. Big inputs are generated (deterministically),
// not stored in the repository.

export interface SeedTestCase {
  input: string;
  output: string;
  /** Seconds. */
  timeLimit: number;
  judgeId: number;
  active?: boolean;
}

export interface SeedProblem {
  id: number;
  code: string;
  name: string;
  body: string;
  /** 0 binary, 1 minimize, 2 maximize. */
  typeId: number;
  masterjudgeId: number;
  /** Belongs to another account: every access answers "access denied". */
  foreign?: boolean;
  testcases: () => SeedTestCase[];
}

/** Small deterministic generator (LCG) so the big test is the same on every machine. */
function numbers(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

function addTwoCase(pairs: Array<[number, number]>, timeLimit: number): SeedTestCase {
  return {
    input: `${pairs.length}\n${pairs.map(([a, b]) => `${a} ${b}\n`).join('')}`,
    output: pairs.map(([a, b]) => `${a + b}\n`).join(''),
    timeLimit,
    judgeId: 1,
  };
}

/** 250 000 pairs, about 5 MB of input: a line-by-line solution in a slow language must be careful. */
export const LARGE_ADDTWO_PAIRS = 250_000;

function largeAddTwo(): SeedTestCase {
  const next = numbers(20240601);
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < LARGE_ADDTWO_PAIRS; i++) pairs.push([next(2_000_000_000) - 1_000_000_000, next(2_000_000_000) - 1_000_000_000]);
  return addTwoCase(pairs, 2);
}

function averageCase(values: number[]): SeedTestCase {
  const avg = values.reduce((s, v) => s + v, 0) / values.length;
  return { input: `${values.length}\n${values.join(' ')}\n`, output: `${avg.toFixed(3)}\n`, timeLimit: 1, judgeId: 2 };
}

export const SEED_PROBLEMS: SeedProblem[] = [
  {
    id: 1,
    code: 'ADDTWO',
    name: 'Add two numbers',
    body:
      'The first line holds N. Each of the next N lines holds two integers a and b (|a|, |b| <= 10^9).\n' +
      'For every pair print a + b on its own line.\n\nExample input:\n2\n1 2\n-5 3\n\nExample output:\n3\n-2\n\n' +
      'The last test case has 250 000 pairs and a time limit of 2 seconds: read the input in bulk.',
    typeId: 0,
    masterjudgeId: 1000,
    testcases: () => [
      addTwoCase([[1, 2]], 1),
      addTwoCase([[-5, 3], [0, 0], [1_000_000_000, 1_000_000_000], [-1_000_000_000, 7], [123, 456]], 1),
      largeAddTwo(),
    ],
  },
  {
    id: 2,
    code: 'ECHO',
    name: 'Echo lines',
    body: 'Copy the input to the output exactly, byte for byte (the exact judge compares every character).',
    typeId: 0,
    masterjudgeId: 1000,
    testcases: () => [
      { input: 'hello\nworld\n', output: 'hello\nworld\n', timeLimit: 1, judgeId: 10 },
      { input: '  spaced   out  \n\ttabbed\n', output: '  spaced   out  \n\ttabbed\n', timeLimit: 1, judgeId: 10 },
    ],
  },
  {
    id: 3,
    code: 'AVERAGE',
    name: 'Average of numbers',
    body:
      'The first line holds N, the second N integers. Print their average; answers within 0.01 of the exact value are accepted.\n' +
      'The score is the percentage of test cases solved.',
    typeId: 2,
    masterjudgeId: 1001,
    testcases: () => [averageCase([1, 2]), averageCase([10, 20, 40]), averageCase([7, -3, 5, 8, 1, 0, 2])],
  },
  {
    id: 4,
    code: 'FOREIGN',
    name: "Another account's problem",
    body: 'Owned by another account: every request about it is refused (access denied).',
    typeId: 0,
    masterjudgeId: 1000,
    foreign: true,
    testcases: () => [{ input: '1\n', output: '1\n', timeLimit: 1, judgeId: 1 }],
  },
];
