// Where a run's input comes from, on disk: `<name>.in` beside the source, every `*.in` of a
// folder for "Run With All Inputs", and the `<name>.out` that holds an input's expected output.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

/** `dir/sum.py` → `dir/sum.in` when that file exists. */
export async function siblingInputFile(sourcePath: string): Promise<string | undefined> {
  const parsed = path.parse(sourcePath);
  const candidate = path.join(parsed.dir, `${parsed.name}.in`);
  return (await isFile(candidate)) ? candidate : undefined;
}

/** Every `*.in` file directly in `dir`, in natural order (2.in before 10.in). */
export async function inputFilesIn(dir: string): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const inputs: string[] = [];
  for (const name of names) {
    if (name.endsWith('.in') && (await isFile(path.join(dir, name)))) inputs.push(name);
  }
  return inputs.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).map((name) => path.join(dir, name));
}

/** `dir/a.in` → `dir/a.out` when that file exists. */
export async function expectedOutputFile(inputPath: string): Promise<string | undefined> {
  const candidate = inputPath.replace(/\.in$/, '.out');
  return candidate !== inputPath && (await isFile(candidate)) ? candidate : undefined;
}

async function isFile(p: string): Promise<boolean> {
  return fsp.stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}
