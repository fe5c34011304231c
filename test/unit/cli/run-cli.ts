// The problems CLI run in-process for unit tests: its exit code and what it printed, no service.
import { runProblemsCli } from '../../../src/cli/problems';

export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runProblemsCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
