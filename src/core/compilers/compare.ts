// Judging one output against its `<name>.out` the way online judges usually do: trailing spaces
// on a line and blank lines at the end do not matter, everything else does.

export interface Comparison {
  same: boolean;
  /** 1-based line of the first difference. */
  line?: number;
  expected?: string;
  actual?: string;
}

function lines(text: string): string[] {
  const result = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''));
  while (result.length > 0 && result[result.length - 1] === '') result.pop();
  return result;
}

export function compareOutputs(expected: string, actual: string): Comparison {
  const want = lines(expected);
  const got = lines(actual);
  const n = Math.max(want.length, got.length);
  for (let i = 0; i < n; i++) {
    if (want[i] !== got[i]) {
      return { same: false, line: i + 1, expected: want[i] ?? '<end of output>', actual: got[i] ?? '<end of output>' };
    }
  }
  return { same: true };
}

/** One line for the output channel: where the first difference is. */
export function describeDifference(c: Comparison): string {
  if (c.same) return 'matches the expected output';
  return `differs at line ${c.line}: expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.actual)}`;
}
