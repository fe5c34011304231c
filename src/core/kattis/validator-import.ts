// The import's side of the validator adapter: one custom judge per distinct set of validator
// flags in the package (a Sphere Engine judge is not told which test it judges, so the flags are
// built into its source), the original validator kept in kattis-validator/ for export, and what
// was done (or why nothing could be) said in the import's report.
import * as path from 'node:path';
import { JUDGES_DIR, type JudgeJson } from '../problem-folder/format';
import type { Constants } from './constants';
import { copyTree } from './package-files';
import { adaptValidator, findOutputValidator, VALIDATOR_COPY_DIR } from './validator-adapter';
import { safeWriteFile } from '../safe-write';

export interface AdaptedValidator {
  /** The validator in the package (output_validators/<name> or output_validator). */
  from: string;
  language: string;
  /** The keys of the judges made for it. */
  judges: string[];
}

export interface CustomJudges {
  judges: Record<string, JudgeJson>;
  judgeFor(flags: string): string;
  adapted: AdaptedValidator;
}

const JUDGE_KEY = 'kattis_validator';
const FALLBACK = 'The tests use judge 1 (ignore extra whitespace) until you add a judge to problem.json.';

/** Writes the adapter judges into `dir`; undefined (with the reason in `notImported`) when the validator cannot be adapted. */
export function customJudges(
  pkg: string,
  dir: string,
  testFlags: string[],
  notes: string[],
  notImported: string[],
  interactive = false,
  constants?: Constants,
): CustomJudges | undefined {
  const found = findOutputValidator(pkg, notImported);
  if (!found || 'problem' in found) {
    notImported.push(
      `The custom output validator: ${found ? found.problem : 'problem.yaml asks for custom validation but the package has no output_validators/ or output_validator/'}. ${FALLBACK}`,
    );
    return undefined;
  }
  const a = adaptValidator(found, notImported, constants);
  if (!a.ok) {
    notImported.push(`The custom output validator ${found.rel}: ${a.reason}. ${FALLBACK}`);
    return undefined;
  }
  const copy = `${VALIDATOR_COPY_DIR}/${path.basename(found.file)}`;
  copyTree(pkg, found.file, path.join(dir, copy), notImported, dir);
  const keys = new Map<string, string>();
  const judges: Record<string, JudgeJson> = {};
  for (const flags of [...new Set(testFlags)]) {
    const key = keys.size ? `${JUDGE_KEY}_${keys.size + 1}` : JUDGE_KEY;
    keys.set(flags, key);
    const file = `${JUDGES_DIR}/${key}${a.ext}`;
    safeWriteFile(dir, path.join(dir, file), a.source(flags, copy, interactive));
    judges[key] = { file, compilerId: a.compilerId, type: 'testcase', name: `Kattis ${interactive ? 'interactor' : 'validator'} ${found.name}${flags ? ` (${flags})` : ''}` };
  }
  const made = [...keys].map(([flags, key]) => `"${key}" (${judges[key].file}${flags ? `, flags "${flags}"` : ''})`).join(', ');
  notes.push(
    `The custom output validator ${found.rel} (${a.language}: ${a.files.join(', ')}) runs unchanged through an adapter as judge ${made}: ` +
      `it gets the input, answer and feedback folder as on Kattis${interactive ? ", and talks to the program (its stdout is the program's input, fd 8)" : ''}, exit 42/43 become accepted/wrong answer, judgemessage.txt goes to the judge's debug output. ` +
      `The original is kept in ${copy} for export.`,
  );
  return { judges, judgeFor: (flags) => keys.get(flags)!, adapted: { from: found.rel, language: a.language, judges: [...keys.values()] } };
}
