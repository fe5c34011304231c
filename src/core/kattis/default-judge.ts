// Kattis's default output validator as the folder's judges (issue 38): a built-in Sphere Engine
// judge only where it provably compares the same — judge 1 (tokens, extra whitespace ignored) for
// `case_sensitive` alone, or for no flags when no answer under them holds a letter (case cannot
// matter then) — else our own implementation of the default validator (default-validator.py) run
// through the validator adapter, one judge per distinct flag set (a judge is not told its test).
// The judge's first line marks it, so export writes the flags back instead of a validator.
import * as path from 'node:path';
import { JUDGES_DIR, type JudgeJson } from '../problem-folder/format';
import DEFAULT_VALIDATOR from './default-validator.py';
import { safeMkdir, safeWriteFile } from '../safe-write';
import { pythonJudgeSource } from './validator-python';

export const DEFAULT_JUDGE_KEY = 'kattis_default';
const MARKER = 'Kattis default output validator:';
const words = (flags: string) => flags.trim().split(/\s+/).filter(Boolean);

/** Judge 1 when it compares exactly as Kattis would on these answers, else undefined. */
export function exactBuiltIn(flags: string, answers: readonly string[]): number | undefined {
  const w = words(flags);
  if (w.length === 1 && w[0] === 'case_sensitive') return 1;
  if (w.length === 0 && answers.every((a) => !/[A-Za-z]/.test(a))) return 1;
  return undefined;
}

/** Writes (once per flag set) the default validator judge into `dir`; returns its key. */
export function defaultJudges(dir: string): { judgeFor(flags: string): string; judges: Record<string, JudgeJson> } {
  const keys = new Map<string, string>();
  const judges: Record<string, JudgeJson> = {};
  return {
    judges,
    judgeFor(flags) {
      const known = keys.get(flags);
      if (known) return known;
      const key = keys.size ? `${DEFAULT_JUDGE_KEY}_${keys.size + 1}` : DEFAULT_JUDGE_KEY;
      keys.set(flags, key);
      const file = `${JUDGES_DIR}/${key}.py`;
      safeMkdir(dir, path.join(dir, JUDGES_DIR));
      const marker = `# ${MARKER} ${JSON.stringify({ flags })}`;
      safeWriteFile(
        dir,
        path.join(dir, file),
        pythonJudgeSource({ marker, files: [{ rel: 'default_validator.py', text: DEFAULT_VALIDATOR }], main: 'default_validator.py', flags: words(flags), interactive: false }),
      );
      judges[key] = { file, compilerId: 116, type: 'testcase', name: `Kattis default validator${flags ? ` (${flags})` : ''}` };
      return key;
    },
  };
}

/** The flags a default validator judge was made for; undefined for any other source. */
export function defaultJudgeFlags(source: string): string | undefined {
  const first = source.slice(0, source.indexOf('\n') >>> 0);
  const at = first.indexOf(MARKER);
  if (at < 0 || !first.startsWith('# ')) return undefined;
  try {
    const o = JSON.parse(first.slice(at + MARKER.length)) as { flags?: unknown };
    return typeof o.flags === 'string' ? o.flags : undefined;
  } catch {
    return undefined;
  }
}
