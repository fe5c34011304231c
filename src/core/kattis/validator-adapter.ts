// A Kattis custom output validator as a Sphere Engine test case judge (docs/problem-folder.md,
// "Kattis problem packages"). Finds the validator in a package (legacy `output_validators/<name>/`
// or a single file there, 2023-07 `output_validator/`), decides whether one judge source can run it
// unchanged — Python (every file carried along) or C++ (one source file plus local headers, which
// are inlined) — and says why not otherwise. The generated source starts with a marker line naming
// the validator's copy in the folder and its flags, so export can write the original back.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { substituteText, type Constants } from './constants';
import { kindOf, listEntries, listFilesDeep } from './package-files';
import { cppJudgeSource, RENAMED_MAIN } from './validator-cpp';
import { pythonJudgeSource } from './validator-python';

/** Where the import keeps the validator's original files in the problem folder. */
export const VALIDATOR_COPY_DIR = 'kattis-validator';
const MARKER = 'Kattis output validator adapter:';

export interface FoundValidator {
  /** The validator's directory (or single file) in the package. */
  file: string;
  /** Its name: the folder or file name without extension. */
  name: string;
  /** Relative to the package, for messages. */
  rel: string;
}

export interface Adapter {
  language: 'Python 3' | 'C++';
  compilerId: number;
  ext: '.py' | '.cpp';
  /** The files carried or inlined, relative to the validator, for the report. */
  files: string[];
  /** The judge source for tests judged with these flags; `copy` is where the folder keeps the original. */
  source(flags: string, copy: string, interactive?: boolean): string;
}

export type Adaptation = ({ ok: true } & Adapter) | { ok: false; reason: string };

/** The package's custom output validator, a reason when it has several or none, undefined when it has no folder for one. */
export function findOutputValidator(pkg: string, skipped: string[] = []): FoundValidator | { problem: string } | undefined {
  const draft = path.join(pkg, 'output_validator');
  if (kindOf(draft) === 'dir' || kindOf(draft) === 'file') return { file: draft, name: 'output_validator', rel: 'output_validator' };
  const legacy = path.join(pkg, 'output_validators');
  if (kindOf(legacy) !== 'dir') return undefined;
  const entries = listEntries(pkg, legacy, skipped)
    .map((e) => e.name)
    .filter((e) => !e.startsWith('.'));
  if (entries.length !== 1) {
    return {
      problem: entries.length ? `output_validators/ holds ${entries.length} validators (${entries.join(', ')}); one judge runs one validator` : 'output_validators/ is empty',
    };
  }
  return { file: path.join(legacy, entries[0]), name: entries[0].replace(/\.[^.]+$/, ''), rel: `output_validators/${entries[0]}` };
}

function listFiles(root: string, skipped: string[]): string[] {
  if (kindOf(root) === 'file') return [path.basename(root)];
  return listFilesDeep(path.dirname(root), root, skipped);
}

const PYTHON = /\.py$/;
const CPP_SOURCE = /\.(cpp|cc|cxx)$/;
const CPP_HEADER = /\.(h|hpp|hh|hxx)$/;
/** Files that do not take part in running the validator. */
const IGNORED = /(^|\/)(readme[^/]*|[^/]*\.md|[^/]*\.txt|[^/]*\.pyc|\.[^/]*)$|(^|\/)__pycache__\//i;
const flagList = (flags: string) => flags.trim().split(/\s+/).filter(Boolean);
const marker = (comment: string, copy: string, flags: string) => `${comment} ${MARKER} ${JSON.stringify({ validator: copy, flags })}`;

/** What a Sphere Engine judge can do with the validator at `v.file`. */
export function adaptValidator(v: FoundValidator, skipped: string[] = [], constants?: Constants): Adaptation {
  const root = v.file;
  const single = kindOf(root) === 'file';
  const files = listFiles(root, skipped).filter((f) => !IGNORED.test(f));
  // The judge runs the validator with its 2025-09 constants replaced, as the format says; the kept copy keeps them.
  const read = (rel: string) => {
    const text = fs.readFileSync(single ? root : path.join(root, rel), 'utf8');
    return constants ? substituteText(text, constants, `${v.rel}${single ? '' : `/${rel}`}`) : text;
  };
  const scripts = files.filter((f) => /^(build|run|compile)(\.sh)?$/.test(f));
  if (scripts.length) return { ok: false, reason: `it is built or run by its own script (${scripts.join(', ')}), which a single judge source cannot reproduce` };
  if (!files.length) return { ok: false, reason: 'it holds no source file' };
  if (files.every((f) => PYTHON.test(f))) return python(v, files, read);
  if (files.every((f) => CPP_SOURCE.test(f) || CPP_HEADER.test(f))) return cpp(files, read);
  const kinds = [...new Set(files.map((f) => path.extname(f) || f))].join(', ');
  return { ok: false, reason: `it is written in a language the adapter does not handle (${kinds}); Python and C++ validators become judges` };
}

function python(v: FoundValidator, files: string[], read: (rel: string) => string): Adaptation {
  const main = files.length === 1 ? files[0] : files.find((f) => f === 'main.py' || f === `${v.name}.py`);
  if (!main) return { ok: false, reason: `it has several Python files (${files.join(', ')}) and none is main.py or ${v.name}.py, so which one to run is not known` };
  const texts = files.map((rel) => ({ rel, text: read(rel) }));
  if (/^#!.*python2/.test(texts.find((t) => t.rel === main)!.text)) return { ok: false, reason: 'it is a Python 2 program; the adapter runs Python 3' };
  return {
    ok: true,
    language: 'Python 3',
    compilerId: 116,
    ext: '.py',
    files,
    source: (flags, copy, interactive) => pythonJudgeSource({ marker: marker('#', copy, flags), files: texts, main, flags: flagList(flags), interactive: interactive ?? false }),
  };
}

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"]+)"[^\n]*$/gm;
const MAIN = /\b(int|signed)(\s+)main(\s*)\(/g;

function cpp(files: string[], read: (rel: string) => string): Adaptation {
  const sources = files.filter((f) => CPP_SOURCE.test(f));
  if (sources.length !== 1) {
    return {
      ok: false,
      reason: sources.length
        ? `it has ${sources.length} C++ source files (${sources.join(', ')}); one judge source cannot hold separate translation units`
        : 'it has headers but no C++ source file',
    };
  }
  // Local headers inlined where first included, each once: what include guards and #pragma once do.
  const inlined = new Set<string>();
  const expand = (rel: string): string =>
    read(rel)
      .replace(/^[ \t]*#[ \t]*pragma[ \t]+once[^\n]*$/gm, '')
      .replace(INCLUDE, (line, name: string) => {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), name));
        if (!files.includes(target)) return line; // not the validator's own: a system header
        if (inlined.has(target)) return `// ${line.trim()}: inlined above`;
        inlined.add(target);
        return `// ---- ${target} (inlined from ${line.trim()}) ----\n${expand(target)}\n// ---- end of ${target} ----`;
      });
  const code = `// ---- ${sources[0]} ----\n${expand(sources[0])}`;
  const mains = code.match(MAIN)?.length ?? 0;
  if (mains !== 1) return { ok: false, reason: mains ? `its code defines main ${mains} times` : 'no "int main(" was found in its code to hand over to the adapter' };
  const renamed = code.replace(MAIN, `$1$2${RENAMED_MAIN}$3(`);
  return {
    ok: true,
    language: 'C++',
    compilerId: 1,
    ext: '.cpp',
    files: [sources[0], ...inlined],
    source: (flags, copy, interactive) => cppJudgeSource({ marker: marker('//', copy, flags), code: renamed, flags: flagList(flags), interactive: interactive ?? false }),
  };
}

/** The validator copy and flags an adapter judge was generated for; undefined for any other judge source. */
export function adapterOrigin(source: string): { validator: string; flags: string } | undefined {
  const first = source.slice(0, source.indexOf('\n') >>> 0);
  const at = first.indexOf(MARKER);
  if (at < 0 || !/^(#|\/\/) /.test(first)) return undefined;
  try {
    const o = JSON.parse(first.slice(at + MARKER.length)) as { validator?: unknown; flags?: unknown };
    return typeof o.validator === 'string' && typeof o.flags === 'string' ? { validator: o.validator, flags: o.flags } : undefined;
  } catch {
    return undefined;
  }
}
