// "Save as Test": the failing input as `<name>.in` and the reference's output as `<name>.out`
// beside the solution, so "Run With All Inputs" and the Testing view pick it up. Never
// overwrites: a taken name gets a number (a link there too); written without following a link
// (src/core/safe-write.ts: a new name beside it, then a rename).
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { safeWriteFile } from '../safe-write';

export interface SavedTest {
  input: string;
  output: string;
}

export async function saveAsTest(dir: string, base: string, input: string, expected: string): Promise<SavedTest> {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const files = { input: path.join(dir, `${name}.in`), output: path.join(dir, `${name}.out`) };
    if ((await exists(files.input)) || (await exists(files.output))) continue;
    safeWriteFile(dir, files.input, input);
    safeWriteFile(dir, files.output, expected);
    return files;
  }
  throw new Error(`Every name from ${base}.in to ${base}-999.in is taken in ${dir}: remove some of them.`);
}

async function exists(file: string): Promise<boolean> {
  return fsp.lstat(file).then(
    () => true,
    () => false,
  );
}
