// Output-only Kattis problems (`type: submit-answer`; legacy `submit_answer`): a submission is not a
// program but the answer itself. The service judges programs, so `check` sends, for each answer, a
// tiny program that prints it byte for byte — in Python 3 when the endpoint offers it, else Bash —
// and the problem's judge compares what it prints as it would compare the answer.
//   - A single file is the answer to every test (a problem with one test, or one answer for all).
//   - A folder holds one answer per test, named after the test (`secret/3.ans` or `3.txt` for
//     data/secret/3.in: the test's path or its base name, any extension); the program reads its input
//     and prints the answer of the test whose input it is (told apart by the input's SHA-256), so
//     it needs Python 3. A test the folder has no answer for gets an empty output.
// The answer's bytes are carried in Base85 (Python) or as printf octal escapes (Bash), so any bytes
// come through, NUL and invalid UTF-8 included; the program must fit the service's source limit,
// else the submission is skipped with its size and the limit.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { MAX_SUBMISSION_SOURCE_BYTES as MAX_SOURCE_BYTES } from '../../api';
import type { OfferedCompiler } from '../languages';
import { readInside, type LocalSolution, type PreparedSolution } from '../problem-folder';
import { offeredMatching } from './languages';

// Python 3 by name only (not the Kattis python3 row's PyPy, which may be PyPy 2: no sys.stdout.buffer).
const PYTHON3 = { ids: [116, 99], names: /^python ?3/i };
const BASH = { ids: [28], names: /^bash/i };

/** A Python 3 program printing `answer`, or for per-test answers the one whose input's SHA-256 it reads. */
function pythonProgram(answer: Buffer | Map<string, Buffer>): string {
  const b85 = (b: Buffer) => `b'${base85(b)}'`;
  if (Buffer.isBuffer(answer)) return `import base64, sys\nsys.stdout.buffer.write(base64.b85decode(${b85(answer)}))\n`;
  const entries = [...answer].map(([hash, b]) => `    '${hash}': ${b85(b)},\n`).join('');
  return (
    'import base64, hashlib, sys\n' +
    `ANSWERS = {\n${entries}}\n` +
    "sys.stdout.buffer.write(base64.b85decode(ANSWERS.get(hashlib.sha256(sys.stdin.buffer.read()).hexdigest(), b'')))\n"
  );
}

// Python's base64.b85encode alphabet: no quote or backslash, so it sits in a b'...' literal as is.
const B85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** base64.b85encode without padding (b85decode takes the shortened last group). */
export function base85(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, Math.min(i + 4, data.length));
    let n = chunk.readUInt32BE(0);
    const group: string[] = [];
    for (let k = 0; k < 5; k++) {
      group.unshift(B85[n % 85]);
      n = Math.floor(n / 85);
    }
    const size = Math.min(4, data.length - i);
    out += group.join('').slice(0, size + 1);
  }
  return out;
}

/** A Bash program printing `answer`: printf's format with every byte that is not plain text as an octal escape. */
function bashProgram(answer: Buffer): string {
  let fmt = '';
  for (const byte of answer) {
    const c = String.fromCharCode(byte);
    fmt += byte >= 0x20 && byte < 0x7f && c !== '%' && c !== '\\' && c !== "'" ? c : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `printf '${fmt}'\n`;
}

export interface AnswerTest {
  /** The test's path under data/ without `.in` (e.g. secret/3). */
  path: string;
  input: Buffer;
}

/**
 * The submission for an output-only problem's answer: a single file's bytes, or a folder's files
 * (name → bytes) matched to `tests`. `tests` is needed for a folder only.
 */
export function answerSubmission(
  answer: Buffer | Record<string, Buffer>,
  offered: readonly OfferedCompiler[],
  tests: () => readonly AnswerTest[],
  limit = MAX_SOURCE_BYTES,
): PreparedSolution {
  const python = offeredMatching(PYTHON3, offered);
  const bash = offeredMatching(BASH, offered);
  let prepared: { compilerId: number; source: string };
  if (Buffer.isBuffer(answer)) {
    if (python) prepared = { compilerId: python.id, source: pythonProgram(answer) };
    else if (bash) prepared = { compilerId: bash.id, source: bashProgram(answer) };
    else return { skipped: 'an output-only answer is sent as a program that prints it, in Python 3 or Bash, and the endpoint offers neither' };
  } else {
    if (!python)
      return { skipped: 'a folder of answers (one a test) is sent as a Python 3 program that prints the answer of the test it runs on, and the endpoint offers no Python 3' };
    const byName = new Map<string, AnswerTest>();
    const all = tests();
    for (const t of all) byName.set(t.path, t);
    // A base name stands for a test only when no other test has it.
    for (const t of all) {
      const base = path.posix.basename(t.path);
      if (all.filter((u) => path.posix.basename(u.path) === base).length === 1 && !byName.has(base)) byName.set(base, t);
    }
    const answers = new Map<string, Buffer>();
    for (const [name, data] of Object.entries(answer)) {
      const test = byName.get(name.replace(/\.[^./]*$/, ''));
      if (!test) return { skipped: `its file ${name} names no test (name each answer after its test, e.g. secret/1.ans or 1.ans for data/secret/1.in)` };
      answers.set(createHash('sha256').update(test.input).digest('hex'), data);
    }
    prepared = { compilerId: python.id, source: pythonProgram(answers) };
  }
  const size = Buffer.byteLength(prepared.source);
  if (size > limit)
    return {
      skipped: `the program printing its answer would be ${size} bytes, above the ${limit} bytes a submission may have (the answer is carried in ${prepared.compilerId === python?.id ? 'Base85, 5 bytes for 4' : 'octal escapes'}); make the answer smaller`,
    };
  return prepared;
}

/**
 * How check sends an output-only package's submissions: each answer (a file, or a folder of one per
 * test) as a program printing it. `testPaths` names the folder's tests (tests/<n>.in) under data/:
 * read once, at the first folder of answers, for every answer that follows.
 */
export function prepareAnswers(dir: string, testPaths: readonly string[]): (s: LocalSolution, offered: readonly OfferedCompiler[]) => PreparedSolution {
  let read: readonly AnswerTest[] | undefined;
  const tests = () => (read ??= testPaths.map((p, n) => ({ path: p, input: readInside(dir, `tests/${n}.in`, `Test ${n} input`) })));
  return (s, offered) => {
    const answer = s.files ? Object.fromEntries(s.files.map((f) => [f, readInside(dir, `${s.file}/${f}`, `Answer ${s.file}/${f}`)])) : readInside(dir, s.file, `Answer ${s.file}`);
    return answerSubmission(answer, offered, tests);
  };
}
