// The spec's entry-file rules: a fixed top-level file (prog.py, prog.sh...), a top-level source
// containing main (C, C++), or a Java class with a main method.
import { scanJava } from './java-source';
import type { EntryChoice, EntryProblem } from './types';

type Files = Map<string, Buffer>;
type Found = EntryChoice | EntryProblem;

const topLevel = (name: string) => !name.includes('/');

/** The rule "prog.<ext> at the top level". */
export function fixedEntry(fileName: string): (files: Files) => Found {
  return (files) => (files.has(fileName) ? { ok: true, entry: fileName } : { ok: false, message: `entry file not found: the submission needs ${fileName} at its top level` });
}

/** The rule "a .<ext> file containing function main" (C, C++); prog.<ext> wins when several do. */
export function sourceWithMain(ext: string, what: string): (files: Files) => Found {
  const mainPattern = /\bmain\s*\(/;
  return (files) => {
    const candidates = [...files.keys()].filter((n) => topLevel(n) && n.endsWith(ext) && mainPattern.test(files.get(n)!.toString('utf8')));
    if (candidates.length === 0) {
      return { ok: false, message: `entry file not found: the submission needs ${what} at its top level` };
    }
    return { ok: true, entry: candidates.includes(`prog${ext}`) ? `prog${ext}` : candidates.sort()[0] };
  };
}

/** All files with an extension, anywhere in the program (what the compiler gets). */
export function filesWithExt(files: string[], ...exts: string[]): string[] {
  return files.filter((f) => exts.some((e) => f.endsWith(e))).sort();
}

/** Java: the class (with its package) that declares `static void main`, in a top-level .java file (./java-source.ts). */
export function javaMainClass(files: Files): Found {
  for (const name of [...files.keys()].filter((n) => topLevel(n) && n.endsWith('.java')).sort()) {
    const { mains, pkg } = scanJava(files.get(name)!.toString('utf8'));
    if (!mains.length) continue;
    return { ok: true, entry: pkg ? `${pkg}.${mains[0]}` : mains[0] };
  }
  return { ok: false, message: 'entry file not found: the submission needs a .java file at its top level with a class having method main' };
}

/** Java single source: saved under its public top-level class name, as javac requires; Main.java otherwise. */
export function javaSourceFileName(source: string): string {
  const { publicTypes } = scanJava(source);
  return `${publicTypes[0] ?? 'Main'}.java`;
}
