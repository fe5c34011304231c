// Output-only Kattis problems: an answer becomes a program that prints it. The programs are run
// here with the machine's own python3 and bash, so "byte for byte" is checked on every byte value.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { exportKattis, importKattis } from '../../../src/core/kattis';
import { answerSubmission, base85, prepareAnswers } from '../../../src/core/kattis/answer-program';
import { REPO_ROOT } from '../../repo-root';
import { useScratch, writeTree as tree } from '../../scratch';

const PYTHON3 = { id: 116, name: 'Python 3' };
const BASH = { id: 28, name: 'Bash' };
const EVERY_BYTE = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

const run = (prepared: ReturnType<typeof answerSubmission>, input = '') => {
  assert.ok('source' in prepared, JSON.stringify(prepared));
  const cmd = prepared.compilerId === BASH.id ? 'bash' : 'python3';
  return execFileSync(cmd, ['-c', prepared.source], { input });
};

describe('Kattis output-only answers as programs', () => {
  const scratch = useScratch();

  it('export keeps an output-only problem output-only: importing the export gives the same answers, still answers', () => {
    const first = path.join(scratch('kattis-answer-'), 'magic');
    importKattis(path.join(REPO_ROOT, 'test/fixtures/kattis/magic'), first);
    const pkg = path.join(scratch('kattis-answer-pkg-'), 'magic');
    exportKattis(first, pkg);
    assert.match(fs.readFileSync(path.join(pkg, 'problem.yaml'), 'utf8'), /^type: submit-answer$/m);
    const again = path.join(scratch('kattis-answer-again-'), 'magic');
    importKattis(pkg, again);
    const settings = (d: string) => JSON.parse(fs.readFileSync(path.join(d, 'kattis.json'), 'utf8')) as { outputOnly?: true; testPaths?: string[] };
    // Export names the tests afresh (secret/000, …): see docs/problem-folder.md on folders of answers.
    assert.equal(settings(again).outputOnly, true);
    assert.deepEqual(settings(again).testPaths?.length, 1);
    assert.deepEqual(fs.readFileSync(path.join(again, 'solutions/wrong_answer/nul.bin')), fs.readFileSync(path.join(first, 'solutions/wrong_answer/nul.bin')));
  });

  it('refuses a package both output-only and interactive (the format forbids it), naming both', () => {
    const pkg = tree(scratch('kattis-answer-'), {
      'problem.yaml': 'problem_format_version: 2025-09\nname: T\ntype: [submit-answer, interactive]\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
    });
    assert.throws(
      () => importKattis(pkg, path.join(scratch('kattis-answer-f-'), 't')),
      /both output-only \(submit-answer\) and interactive, which the format forbids: fix its type\. It is not imported\./,
    );
  });

  it("encodes Base85 as Python's base64.b85encode does, every tail length", () => {
    for (const n of [0, 1, 2, 3, 4, 5, 9]) {
      const data = EVERY_BYTE.subarray(0, n);
      const python = execFileSync('python3', ['-c', 'import base64,sys; sys.stdout.write(base64.b85encode(sys.stdin.buffer.read()).decode())'], { input: data }).toString();
      assert.equal(base85(data), python, `${n} bytes`);
    }
  });

  it('prints a single answer byte for byte in Python 3 when offered, else in Bash (NUL, quotes, %, backslash, invalid UTF-8)', () => {
    const py = answerSubmission(EVERY_BYTE, [BASH, PYTHON3], () => []);
    assert.equal('compilerId' in py && py.compilerId, PYTHON3.id);
    assert.deepEqual(run(py), EVERY_BYTE);
    const sh = answerSubmission(EVERY_BYTE, [BASH], () => []);
    assert.equal('compilerId' in sh && sh.compilerId, BASH.id);
    assert.deepEqual(run(sh), EVERY_BYTE);
    assert.deepEqual(run(answerSubmission(Buffer.alloc(0), [BASH], () => [])), Buffer.alloc(0));
  });

  it("a folder of answers prints the answer of the test whose input it reads, matched by the test's path or base name", () => {
    const tests = [
      { path: 'sample/1', input: Buffer.from('1\n') },
      { path: 'secret/1', input: Buffer.from('2\n') },
      { path: 'secret/big', input: Buffer.from('3\n') },
    ];
    const prepared = answerSubmission({ 'sample/1.ans': Buffer.from('one\n'), 'secret/1.out': Buffer.from('two\0\n'), 'big.txt': Buffer.from('three\n') }, [PYTHON3], () => tests);
    assert.equal(run(prepared, '1\n').toString(), 'one\n');
    assert.equal(run(prepared, '2\n').toString(), 'two\0\n');
    assert.equal(run(prepared, '3\n').toString(), 'three\n');
    assert.equal(run(prepared, 'other\n').toString(), '', 'a test without an answer: empty output');
  });

  it("reads the folder's test inputs once, at the first folder of answers, not again for each", () => {
    const dir = tree(scratch('kattis-answer-read-'), {
      'tests/0.in': '1\n',
      'tests/1.in': '2\n',
      'solutions/accepted/a/1.ans': 'one\n',
      'solutions/accepted/a/2.ans': 'two\n',
      'solutions/wrong_answer/b/1.ans': 'uno\n',
    });
    const prepare = prepareAnswers(dir, ['secret/1', 'secret/2']);
    const first = prepare({ file: 'solutions/accepted/a', expected: 'accepted', files: ['1.ans', '2.ans'] }, [PYTHON3]);
    assert.equal(run(first, '2\n').toString(), 'two\n');
    // Gone from the disk after the first read: the second answer is matched to what was read.
    fs.rmSync(path.join(dir, 'tests'), { recursive: true });
    const second = prepare({ file: 'solutions/wrong_answer/b', expected: 'wrong_answer', files: ['1.ans'] }, [PYTHON3]);
    assert.equal(run(second, '1\n').toString(), 'uno\n');
  });

  it('refuses, with the reason, what cannot be sent: no Python 3 nor Bash, a folder without Python 3, an answer naming no test (or an ambiguous base name), a program above the limit', () => {
    const skipped = (p: ReturnType<typeof answerSubmission>) => ('skipped' in p ? p.skipped : assert.fail(JSON.stringify(p)));
    assert.match(skipped(answerSubmission(Buffer.from('x'), [{ id: 1, name: 'C++' }], () => [])), /in Python 3 or Bash, and the endpoint offers neither/);
    assert.match(skipped(answerSubmission({ '1.ans': Buffer.from('x') }, [BASH], () => [])), /endpoint offers no Python 3/);
    const tests = [
      { path: 'sample/1', input: Buffer.from('a') },
      { path: 'secret/1', input: Buffer.from('b') },
    ];
    assert.match(skipped(answerSubmission({ '1.ans': Buffer.from('x') }, [PYTHON3], () => tests)), /its file 1\.ans names no test \(name each answer after its test/);
    assert.match(
      skipped(answerSubmission(Buffer.alloc(60_000), [PYTHON3], () => [], 64 * 1024)),
      /^the program printing its answer would be \d+ bytes, above the 65536 bytes a submission may have \(the answer is carried in Base85, 5 bytes for 4\); make the answer smaller$/,
    );
    assert.ok('source' in answerSubmission(Buffer.alloc(50_000), [PYTHON3], () => []), 'a 50 000-byte answer fits in 64 KiB');
  });
});
