// "Save as Test": the failing input as `<name>.in` and the reference's output as `<name>.out`
// beside the solution, so "Run With All Inputs" and the Testing view pick it up. Never
// overwrites: a taken name gets a number.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

export interface SavedTest {
  input: string;
  output: string;
}

export async function saveAsTest(dir: string, base: string, input: string, expected: string): Promise<SavedTest> {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const files = { input: path.join(dir, `${name}.in`), output: path.join(dir, `${name}.out`) };
    if (await exists(files.input) || await exists(files.output)) continue;
    await fsp.writeFile(files.input, input, { flag: 'wx' });
    await fsp.writeFile(files.output, expected, { flag: 'wx' });
    return files;
  }
  throw new Error(`Every name from ${base}.in to ${base}-999.in is taken in ${dir}: remove some of them.`);
}

async function exists(file: string): Promise<boolean> {
  return fsp.access(file).then(() => true, () => false);
}
