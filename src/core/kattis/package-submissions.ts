// submissions/<verdict>/ of a Kattis package → solutions/<verdict>/ of the problem folder. A file
// is a single-file solution; a folder is a multi-file one (copied as a folder, submitted with its
// files). 2023-07 `include/<language>/` files are added to every submission in that language, as
// Kattis does. problemtools' verdict folders map to the folder's: run_time_error → runtime_error
// (which the check also matches with a memory limit verdict, as problemtools does),
// partially_accepted → partially_accepted (a score strictly between 0 and 100), the 2023-07
// rejected and brute_force → rejected. submissions/submissions.yaml (2023-07) adds each matching
// submission's expectations (submission-expectations.ts), kept in kattis.json for `check`. 2025-09
// constants are replaced in the submissions' and include/ files (constants.ts), as the format says.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KattisExpectation } from './expectations';
import type { IncludedSubmission } from './folder-settings';
import { detectKattisLanguage } from './languages';
import { substituteFile, type Constants } from './constants';
import { copyTree, ignoredName, kindOf, listEntries, listFilesDeep } from './package-files';
import { expectationFor, folderVerdictFor } from './submission-expectations';
import type { YamlMap } from './yaml-values';

/** A file's first line (its `#!` line, which tells Python 2 from Python 3), from its first bytes. */
function firstLine(full: string): string {
  const fd = fs.openSync(full, 'r');
  try {
    const head = Buffer.alloc(200);
    return head
      .subarray(0, fs.readSync(fd, head, 0, head.length, 0))
      .toString('utf8')
      .split('\n')[0];
  } finally {
    fs.closeSync(fd);
  }
}

export interface SubmissionsImport {
  scoring: boolean;
  /** An output-only problem: submissions are answers, never given include/<language>/ files. */
  outputOnly?: boolean;
  notes: string[];
  skipped: string[];
  /** Entries problemtools does not judge either (placeholders, *.disabled, unknown folders): listed, harmless. */
  ignored: string[];
  /** submissions/submissions.yaml, when the package has one. */
  yaml?: YamlMap;
  /** Filled: each imported solution's expectations from submissions.yaml (folder file → them). */
  expectations: Record<string, KattisExpectation>;
  /** Filled: each solution that include/<language>/ files were added to (folder file → what check needs). */
  included?: Record<string, IncludedSubmission>;
  /** 2025-09 constants, replaced in the submissions and include/ files as the format says. */
  constants?: Constants;
}

export function importSubmissions(pkg: string, dir: string, o: SubmissionsImport): number {
  const { scoring, notes, skipped, ignored } = o;
  const subs = path.join(pkg, 'submissions');
  let count = 0;
  // Every file or folder sent is copied through this: constants replaced (text files only), nothing written through a link.
  const constants = o.constants;
  const substitute = constants && ((bytes: Buffer, from: string) => substituteFile(bytes, constants, path.relative(pkg, from).split(path.sep).join('/')));
  const copy = (from: string, to: string) => copyTree(pkg, from, to, skipped, dir, substitute);
  const includes = path.join(pkg, 'include');
  // include/<language>/ by the submission's language as check detects it (problemtools' rules:
  // a `#!…python2` .py is python2), not by its extension.
  const includeFor = (e: { full: string; kind: 'file' | 'dir'; name: string }) => {
    if (o.outputOnly || kindOf(includes, pkg) !== 'dir') return undefined;
    const names = e.kind === 'file' ? [e.name] : listFilesDeep(pkg, e.full, []);
    const lang = detectKattisLanguage(names.map((name) => ({ name, firstLine: firstLine(e.kind === 'file' ? e.full : path.join(e.full, name)) })));
    const from = lang && path.join(includes, lang.id);
    return from && kindOf(from, pkg) === 'dir' ? { from, language: lang.id, files: listFilesDeep(pkg, from, skipped) } : undefined;
  };
  const taken = new Set<string>();
  for (const group of listEntries(pkg, subs, skipped)) {
    if (group.kind === 'file') {
      if (group.name !== 'submissions.yaml')
        ignored.push(`${group.rel}: ${ignoredName(group.name) ?? 'a file directly under submissions/ has no expected verdict; problemtools does not judge it either'}.`);
      continue;
    }
    if (ignoredName(group.name)) {
      ignored.push(`${group.rel}/: ${ignoredName(group.name)}.`);
      continue;
    }
    for (const e of listEntries(pkg, group.full, skipped)) {
      const why = ignoredName(e.name);
      if (why) {
        ignored.push(`${e.rel}: ${why}.`);
        continue;
      }
      const kattisPath = `${group.name}/${e.name}`;
      const expectation = o.yaml ? expectationFor(o.yaml, kattisPath, notes) : undefined;
      const verdict = folderVerdictFor(kattisPath, expectation, scoring);
      if (!verdict) {
        if (group.name === 'partially_accepted') skipped.push(`${e.rel}: "partially_accepted" needs a scoring problem (type: scoring), so it is skipped.`);
        else
          ignored.push(
            `${e.rel}: "${group.name}" is not a submissions folder problemtools checks (accepted, wrong_answer, time_limit_exceeded, run_time_error, partially_accepted, 2023-07 rejected and brute_force) and submissions/submissions.yaml gives it no expectations, so it is not judged, as problemtools does not judge it.`,
          );
        continue;
      }
      const include = includeFor(e);
      // One solution per submission: the file itself, or a folder (a multi-file submission, or a
      // file given include/ files, named without its extension). A name another submission took
      // (x.py and x.cpp both becoming x/, rejected/ and brute_force/ both mapping to rejected/) gets
      // its Kattis folder or extension added, so no submission is merged into or written over another.
      const asFolder = e.kind === 'dir' || include !== undefined;
      const name = solutionName(taken, verdict, e.kind === 'file' && asFolder ? e.name.replace(/\.[^.]+$/, '') : e.name, group.name, asFolder ? path.extname(e.name).slice(1) : '');
      if (name.renamed) notes.push(`${e.rel} became solutions/${verdict}/${name.name}: another submission already has solutions/${verdict}/${name.wanted}.`);
      const target = path.join(dir, 'solutions', verdict, name.name);
      const file = path.relative(dir, target).split(path.sep).join('/');
      if (!asFolder) {
        copy(e.full, target);
      } else {
        // A folder of files, or a file that Kattis gives include/<language>/ files: multi-file.
        const folder = target;
        if (e.kind === 'file') {
          copy(e.full, path.join(folder, e.name));
        } else copy(e.full, folder);
        if (include) {
          // The submission's own file wins over an include file of the same name.
          for (const rel of include.files) {
            if (!fs.existsSync(path.join(folder, rel))) copy(path.join(include.from, rel), path.join(folder, rel));
          }
          notes.push(
            `${e.rel} is submitted with the files of ${path.relative(pkg, include.from).split(path.sep).join('/')}/ (${include.files.join(', ')}), as Kattis does: it became the multi-file solution ${path.relative(dir, folder).split(path.sep).join('/')}/.`,
          );
        }
        const solution = path.relative(dir, folder).split(path.sep).join('/');
        if (expectation) o.expectations[solution] = expectation;
        if (include && o.included) o.included[solution] = { language: include.language, ...(e.kind === 'file' ? { entry: e.name } : {}) };
      }
      if (expectation && e.kind === 'file' && !include) o.expectations[file] = expectation;
      count++;
    }
  }
  return count;
}

/**
 * A solution name under solutions/<verdict>/ no earlier submission took (compared without letter
 * case, as a case-insensitive file system would): `wanted`, else with the Kattis folder before it
 * (`brute_force_y.py`) or, for a folder made from a file, its extension after it (`x_cpp`), else
 * numbered. The extension of a file stays last, so its language is still known.
 */
function solutionName(taken: Set<string>, verdict: string, wanted: string, group: string, ext: string): { name: string; wanted: string; renamed: boolean } {
  const dot = wanted.lastIndexOf('.');
  const [stem, suffix] = ext || dot <= 0 ? [wanted, ''] : [wanted.slice(0, dot), wanted.slice(dot)];
  const candidates = [wanted, ...(ext ? [`${stem}_${ext}`] : []), `${group}_${wanted}`];
  for (let n = 2; ; n++) {
    const name = candidates.shift() ?? `${stem}_${n}${suffix}`;
    const key = `${verdict}/${name}`.toLowerCase();
    if (!taken.has(key)) {
      taken.add(key);
      return { name, wanted, renamed: name !== wanted };
    }
  }
}
