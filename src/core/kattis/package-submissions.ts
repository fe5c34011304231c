// submissions/<verdict>/ of a Kattis package → solutions/<verdict>/ of the problem folder. A file
// is a single-file solution; a folder is a multi-file one (copied as a folder, submitted with its
// files). 2023-07 `include/<language>/` files are added to every submission in that language, as
// Kattis does. problemtools' verdict folders map to the folder's: run_time_error → runtime_error
// (which the check also matches with a memory limit verdict, as problemtools does),
// partially_accepted → partially_accepted (a score strictly between 0 and 100).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Verdict } from '../problem-folder/format';
import { copyTree, kindOf, listEntries, listFilesDeep } from './package-files';

const VERDICTS: Record<string, Verdict> = {
  accepted: 'accepted', wrong_answer: 'wrong_answer', time_limit_exceeded: 'time_limit_exceeded', run_time_error: 'runtime_error', partially_accepted: 'partially_accepted',
};

/** include/<language>/ folder names (problemtools' language ids) by source extension. */
const INCLUDE_LANGUAGE: Record<string, string> = {
  '.c': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.c++': 'cpp', '.java': 'java', '.py': 'python3', '.kt': 'kotlin', '.cs': 'csharp', '.go': 'go', '.rs': 'rust', '.js': 'javascript',
};

export function importSubmissions(pkg: string, dir: string, scoring: boolean, notes: string[], skipped: string[]): number {
  const subs = path.join(pkg, 'submissions');
  let count = 0;
  const includes = path.join(pkg, 'include');
  const includeFor = (file: string) => {
    const lang = INCLUDE_LANGUAGE[path.extname(file).toLowerCase()];
    const from = lang && path.join(includes, lang);
    return from && kindOf(from) === 'dir' ? { from, files: listFilesDeep(pkg, from, skipped) } : undefined;
  };
  for (const group of listEntries(pkg, subs, skipped)) {
    if (group.kind === 'file') {
      if (group.name === 'submissions.yaml') skipped.push(`${group.rel}: its expectations are not read; each submission's folder gives its expected verdict.`);
      else skipped.push(`${group.rel}: a file directly under submissions/ has no expected verdict, so it is skipped.`);
      continue;
    }
    const verdict = VERDICTS[group.name];
    for (const e of listEntries(pkg, group.full, skipped)) {
      if (!verdict || (verdict === 'partially_accepted' && !scoring)) {
        skipped.push(`${e.rel}: Sphere Engine has no verdict for "${group.name}"${verdict ? ' in a problem that is not scored' : ''}.`);
        continue;
      }
      const target = path.join(dir, 'solutions', verdict, e.name);
      const include = e.kind === 'file' ? includeFor(e.name) : undefined;
      if (e.kind === 'file' && !include) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(e.full, target);
      } else {
        // A folder of files, or a file that Kattis gives include/<language>/ files: multi-file.
        const folder = e.kind === 'file' ? target.replace(/\.[^.]+$/, '') : target;
        if (e.kind === 'file') {
          fs.mkdirSync(folder, { recursive: true });
          fs.copyFileSync(e.full, path.join(folder, e.name));
        } else copyTree(pkg, e.full, folder, skipped);
        if (include) {
          copyTree(pkg, include.from, folder, skipped);
          notes.push(`${e.rel} is submitted with the files of ${path.relative(pkg, include.from).split(path.sep).join('/')}/ (${include.files.join(', ')}), as Kattis does: it became the multi-file solution ${path.relative(dir, folder).split(path.sep).join('/')}/.`);
        }
      }
      count++;
    }
  }
  return count;
}
