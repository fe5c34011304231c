// The export's side of the validator adapter: when every exported test is judged by a judge the
// adapter generated (its marker line names the validator copy kept in kattis-validator/ and its
// flags) and that copy is still in the folder, the package gets the original validator back in
// output_validators/ with `validation: custom`; Kattis has one validator per problem, so a mix
// of adapter judges and other judges is exported as before and said so.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LocalTest, ProblemFolder } from '../problem-folder';
import { adapterOrigin } from './validator-adapter';

export interface ExportedValidator {
  /** The validator's copy in the folder, to go to output_validators/<its name>. */
  copy: string;
  /** The judges that stand for it: not reported as left out. */
  keys: Set<string>;
  flagsOf(t: LocalTest): string;
}

export function validatorForExport(folder: ProblemFolder, active: LocalTest[], notExported: string[]): ExportedValidator | undefined {
  const origins = new Map<string, { validator: string; flags: string }>();
  for (const j of folder.judges) {
    const origin = j.type === 'testcase' ? adapterOrigin(fs.readFileSync(j.sourcePath, 'utf8')) : undefined;
    if (origin && fs.existsSync(path.join(folder.dir, origin.validator))) origins.set(j.key, origin);
  }
  if (!origins.size) return undefined;
  const used = active.map((t) => (typeof t.judge === 'string' ? origins.get(t.judge) : undefined));
  const copies = new Set(used.map((o) => o?.validator));
  if (copies.size !== 1 || used.includes(undefined)) {
    notExported.push(
      `The Kattis validator in ${[...new Set([...origins.values()].map((o) => o.validator))].join(', ')}: Kattis runs one output validator for every test, and not every test here uses it; the tests are exported with Kattis's default comparison where their judge allows.`,
    );
    return undefined;
  }
  return { copy: path.join(folder.dir, used[0]!.validator), keys: new Set(origins.keys()), flagsOf: (t) => origins.get(t.judge as string)!.flags };
}
