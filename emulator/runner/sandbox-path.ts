// Where a program believes it runs. The real service shows its own paths in tracebacks, compiler
// messages and getcwd(); the emulator must not show where it keeps its data (a traceback once named
// …/.emulator-data/compilers/submissions/2/work/prog.py). Under bubblewrap the run directory is
// bound at SANDBOX_DIR; without a sandbox the run really happens at its host path, so what the
// program wrote is rewritten afterwards.
import * as fs from 'node:fs';

export const SANDBOX_DIR = '/sandbox';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every spelling of dir (as given and resolved through symlinks), longest first. */
function spellings(dir: string): string[] {
  const all = new Set([dir.replace(/\/+$/, '')]);
  try {
    all.add(fs.realpathSync.native(dir));
  } catch {
    /* gone already: the given spelling is all there is */
  }
  return [...all].filter((d) => d.length > 1).sort((a, b) => b.length - a.length);
}

/** Matches dir as a whole path component prefix (not /a/bc for /a/b), in latin1 text. */
function pattern(dirs: string[]): RegExp {
  const alternatives = dirs.map((d) => escape(Buffer.from(d, 'utf8').toString('latin1')));
  return new RegExp(`(?:${alternatives.join('|')})(?![^/\\s:;,'"\`)\\]}>])`, 'g');
}

/** A command argument or environment value with the run directory as the program sees it. */
export function toSandboxPath(value: string, runDir: string): string {
  return sandboxPathsOf(runDir)(value);
}

/** toSandboxPath for many values of one run: the run directory resolved and its pattern made once. */
export function sandboxPathsOf(runDir: string): (value: string) => string {
  const re = pattern(spellings(runDir));
  return (value) => value.replace(re, SANDBOX_DIR);
}

/**
 * Unsandboxed runs: rewrites the run directory, then any other mention of the hidden folders (the
 * data directory), to SANDBOX_DIR in the files the program wrote. Bytes stay bytes (latin1).
 */
export function hideHostPaths(files: string[], runDir: string, hidden: string[]): void {
  const patterns = [pattern(spellings(runDir)), ...hidden.map((h) => pattern(spellings(h)))];
  for (const file of new Set(files)) {
    let text: string;
    try {
      // Only regular files: reading a pipe (an interactive run's streams) would wait for ever.
      if (!fs.lstatSync(file).isFile()) continue;
      text = fs.readFileSync(file).toString('latin1');
    } catch {
      continue; // not written
    }
    const rewritten = patterns.reduce((t, p) => t.replace(p, SANDBOX_DIR), text);
    if (rewritten !== text) fs.writeFileSync(file, Buffer.from(rewritten, 'latin1'));
  }
}
