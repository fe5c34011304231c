// Issue 38's rules on our own package test/fixtures/kattis/addtwo, through what an author runs
// (import-kattis, push, check on the emulator): harmless files (a README, .gitkeep, a statement-only
// sample, a per-test .yaml, a *.disabled submission) are listed as ignored and keep exit code 0;
// languages are decided as problemtools decides them (a `#!…python2` file is Python 2, `.pl` is
// Prolog) and one the endpoint lacks is skipped with that reason; multi-file submissions reach the
// service with their entry named as it runs them (submissions.yaml `entrypoint` for Python, a C++
// `main.cc` sent as `main.cpp`); and a failing accepted solution is a failure with what it got
// (verdict, time, memory, the limit it ran under) while the limit comes from those that passed and
// every other submission is still judged. test/fixtures/kattis/fuzzy: Kattis's default output
// validator (letter case ignored, a relative float tolerance) judged exactly. test/fixtures/kattis/
// constants: constants replaced in a submission and its include/ file; the package's short name
// becomes the problem's code when the service takes it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runProblemsCli } from '../../src/cli/problems';
import { useScratch } from '../scratch';
import { startTestEmulator, TOKEN, type TestEmulator } from './harness';

const PKG = path.resolve(__dirname, '../../../test/fixtures/kattis/addtwo');

describe('Kattis rules (issue 38): import, push, check on the emulator', function () {
  // Compiles and runs seven submissions on a busy 2-core machine.
  this.timeout(240_000);
  const scratch = useScratch();
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const env = { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems };
    const code = await runProblemsCli(argv, { out: (l) => out.push(l), err: (l) => out.push(l), env });
    return { code, out, text: out.join('\n') };
  };
  const importAndPush = async (from: string) => {
    const dir = path.join(scratch('kattis-rules-'), 'addtwo');
    const imported = await run(['import-kattis', from, dir]);
    const pushed = await run(['push', dir]);
    assert.equal(pushed.code, 0, pushed.text);
    return { dir, imported };
  };
  /** Imports `from` into a scratch folder named `name` (expecting exit 0), pushes it, and checks it. */
  const importPushCheck = async (from: string, name: string) => {
    const dir = path.join(scratch(`kattis-${name}-`), name);
    const imported = await run(['import-kattis', from, dir]);
    assert.equal(imported.code, 0, imported.text);
    const pushed = await run(['push', dir]);
    assert.equal(pushed.code, 0, pushed.text);
    return { dir, imported, checked: await run(['check', dir]) };
  };
  /** Each `<solution under solutions/>: <verdict> (<code>)` printed as an `ok` line. */
  const assertOk = (text: string, lines: string[]) => {
    for (const ok of lines) assert.match(text, new RegExp(`^ok {4}solutions/${ok.replace(/[.()]/g, '\\$&')}$`, 'm'));
  };
  /** Python 2 is judged where the endpoint has it, else skipped by name: the emulator offers what the machine has. */
  const python2 = (text: string) =>
    assert.match(
      text,
      /^(ok {4}solutions\/accepted\/add2\.py: accepted \(15\)|SKIP {2}solutions\/accepted\/add2\.py: skipped: the endpoint offers no compiler for Python 2 \(problemtools' language of add2\.py\)\.)$/m,
    );

  it('exits 0 on harmless files, listed as ignored; every submission gets its verdict, Prolog skipped by name', async () => {
    const { dir, imported } = await importAndPush(PKG);
    assert.equal(imported.code, 0, imported.text);
    const ignored = imported.out.filter((l) => l.startsWith('ignored: ')).map((l) => l.slice(9).split(':')[0]);
    assert.deepEqual(ignored.sort(), ['README.md', 'data/secret/.gitkeep', 'submissions/accepted/.gitkeep', 'submissions/accepted/add.py.disabled'], imported.text);
    assert.doesNotMatch(imported.text, /^not imported: /m);
    assert.match(imported.text, /4 harmless files were ignored \(listed above\)\.$/m);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'solutions/accepted')).sort(), ['add.pl', 'add.py', 'add2.py', 'cppmulti', 'multi'], 'no .gitkeep, no *.disabled');

    const checked = await run(['check', dir]);
    assert.equal(checked.code, 0, checked.text);
    for (const ok of [
      'accepted/add.py: accepted',
      'accepted/cppmulti: accepted',
      'accepted/multi: accepted',
      'wrong_answer/subtract.py: wrong answer',
      'runtime_error/divide.py: runtime error',
    ]) {
      assert.match(checked.text, new RegExp(`^ok {4}solutions/${ok.replace(/\./g, '\\.')} \\(\\d+\\)$`, 'm'));
    }
    python2(checked.text);
    assert.match(checked.text, /^SKIP {2}solutions\/accepted\/add\.pl: skipped: the endpoint offers no compiler for Prolog \(problemtools' language of add\.pl\)\.$/m);
    assert.match(checked.text, /^Time limit 1 s on every test: the slowest accepted solution/m);
  });

  it('a failing accepted solution: a failure with verdict, time, memory and limit; the limit from the others; the rest judged', async () => {
    const from = path.join(scratch('kattis-rules-pkg-'), 'addtwo');
    fs.cpSync(PKG, from, { recursive: true });
    fs.writeFileSync(path.join(from, 'submissions/accepted/off_by_one.py'), 'a, b = map(int, input().split())\nprint(a + b + 1)\n');
    const { dir } = await importAndPush(from);
    const checked = await run(['check', dir]);
    assert.equal(checked.code, 1, checked.text);
    assert.doesNotMatch(checked.text, /Nothing was checked/);
    assert.match(
      checked.text,
      /^The time limit is derived from the accepted solutions that passed; 1 did not \(solutions\/accepted\/off_by_one\.py: reported below as failures\)\.$/m,
    );
    assert.match(checked.text, /^FAIL {2}solutions\/accepted\/off_by_one\.py: expected accepted, got wrong answer \(14\) \(time [\d.]+ s, memory \d+ KB, time limit 10 s\)$/m);
    assert.match(checked.text, /^ok {4}solutions\/wrong_answer\/subtract\.py: wrong answer \(14\)$/m);
    assert.match(checked.text, /^ok {4}solutions\/runtime_error\/divide\.py: runtime error \(12\)$/m);
    assert.match(checked.text, /^1 of \d+ solutions did not get their expected verdict\. 1 skipped|^1 of \d+ solutions did not get their expected verdict\. 2 skipped/m);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { tests: Array<{ timeLimit: number }> };
    assert.deepEqual([...new Set(json.tests.map((t) => t.timeLimit))], [1], 'derived from the ones that passed');
  });

  it("Kattis's default validator exactly: letter case ignored and a relative float tolerance, judged on the service", async () => {
    const dir = path.join(scratch('kattis-rules-fuzzy-'), 'fuzzy');
    const imported = await run(['import-kattis', path.resolve(PKG, '../fuzzy'), dir]);
    assert.equal(imported.code, 0, imported.text);
    assert.match(
      imported.text,
      /^note: Kattis's default validator for "float_relative_tolerance 1e-5" \(letter case ignored, absolute and relative float tolerances\) runs as judge "kattis_default"/m,
    );
    const pushed = await run(['push', dir]);
    assert.equal(pushed.code, 0, pushed.text);
    const checked = await run(['check', dir]);
    assert.equal(checked.code, 0, checked.text);
    assert.match(checked.text, /^ok {4}solutions\/accepted\/rounded\.py: accepted \(15\)$/m);
    assert.match(checked.text, /^ok {4}solutions\/wrong_answer\/off\.py: wrong answer \(14\)$/m);
    assert.match(checked.text, /^ok {4}solutions\/wrong_answer\/no\.py: wrong answer \(14\)$/m);
  });

  it('use_for_time_limit lower / upper: each bound checked against the derived limit, with the times measured; a violated one fails check', async () => {
    const bounds = path.resolve(PKG, '../bounds');
    const judge = async (from: string) => (await importPushCheck(from, 'bounds')).checked;
    const held = await judge(bounds);
    assert.equal(held.code, 0, held.text);
    // The limit comes from double.py alone: steady.py (lower) and crawl.py (upper) are bounds.
    assert.match(held.text, /^Time limit 1 s on every test: the slowest accepted solution, solutions\/accepted\/double\.py, took/m);
    assert.match(held.text, /^Bound holds: solutions\/accepted\/steady\.py \(use_for_time_limit: lower\) took [\d.]+ s; × 2 = [\d.]+ s is within the time limit 1 s\.$/m);
    assert.match(
      held.text,
      /^Bound holds: solutions\/time_limit_exceeded\/crawl\.py \(use_for_time_limit: upper\) took (2\.[5-9]\d*|[3-9][\d.]*|at least 10) s, more than the time limit 1 s × 1\.5 = 1\.5 s\.$/m,
    );
    assertOk(held.text, ['accepted/steady.py: accepted (15)', 'time_limit_exceeded/crawl.py: time limit exceeded (13)']);

    // steady.py now needs 0.7 s (× 2 is above 1 s); crawl.py times out at 1 s but not at 1.5 s.
    const from = path.join(scratch('kattis-bounds-pkg-'), 'bounds');
    fs.cpSync(bounds, from, { recursive: true });
    const busy = (s: number) => `import time\nstart = time.process_time()\nwhile time.process_time() - start < ${s}:\n    pass\nprint(2 * int(input()))\n`;
    fs.writeFileSync(path.join(from, 'submissions/accepted/steady.py'), busy(0.7));
    fs.writeFileSync(path.join(from, 'submissions/time_limit_exceeded/crawl.py'), busy(1.2));
    const broken = await judge(from);
    assert.equal(broken.code, 1, broken.text);
    assert.match(
      broken.text,
      /^Bound violated: solutions\/accepted\/steady\.py: use_for_time_limit: lower \(submissions\.yaml "accepted\/steady\.py"\): it took (0\.[789]|1\.)\d* s on a test, and [\d.]+ s × 2 \(ac_to_time_limit\) = [12]\.[\d.]+ s is above the time limit 1 s\.$/m,
    );
    assert.match(
      broken.text,
      /^FAIL {2}solutions\/time_limit_exceeded\/crawl\.py: use_for_time_limit: upper \(submissions\.yaml "time_limit_exceeded\/crawl\.py"\): it took 1\.[234]\d* s on a test, not more than the time limit 1 s × 1\.5 \(time_limit_to_tle\) = 1\.5 s; got time limit exceeded \(13\)/m,
    );
    assert.match(broken.text, /^FAIL {2}solutions\/accepted\/steady\.py: /m);
  });

  it('an output-only problem (submit-answer): each answer sent as a program printing it, byte for byte, and judged', async () => {
    const { imported, checked } = await importPushCheck(path.resolve(PKG, '../magic'), 'magic');
    assert.match(imported.text, /^note: Output-only \(submit-answer\): each submission is an answer, not a program\./m);
    assert.equal(checked.code, 0, checked.text);
    assertOk(checked.text, [
      'accepted/square.txt: accepted (15)',
      'accepted/grid: accepted (15)',
      'wrong_answer/columns.txt: wrong answer (14)',
      'wrong_answer/nul.bin: wrong answer (14)',
    ]);
    assert.match(checked.text, /^All 4 solutions got their expected verdict\.$/m);

    // An answer whose program would pass the source limit is skipped with its size, never sent cut.
    const from = path.join(scratch('kattis-magic-pkg-'), 'magic');
    fs.cpSync(path.resolve(PKG, '../magic'), from, { recursive: true });
    fs.writeFileSync(path.join(from, 'submissions/wrong_answer/huge.txt'), '7 '.repeat(30_000));
    const big = (await importPushCheck(from, 'magic')).checked;
    assert.equal(big.code, 0, big.text);
    assert.match(
      big.text,
      /^SKIP {2}solutions\/wrong_answer\/huge\.txt: skipped: the program printing its answer would be \d+ bytes, above the 65536 bytes a submission may have \(the answer is carried in Base85, 5 bytes for 4\); make the answer smaller\.$/m,
    );
    assert.match(big.text, /^All 4 solutions got their expected verdict\. 1 skipped \(each with its reason above\)\.$/m);
  });

  it('include/<language>/ chosen by the detected language: a #!python2 file gets include/python2, Python 3 ones include/python3', async () => {
    const pkg = path.resolve(PKG, '../greet');
    const { dir, imported, checked } = await importPushCheck(pkg, 'greet');
    const read = (rel: string) => fs.readFileSync(path.join(rel.startsWith('include/') ? pkg : dir, rel), 'utf8');
    assert.equal(read('solutions/accepted/hello2/greeting.py'), read('include/python2/greeting.py'));
    assert.equal(read('solutions/accepted/hello/greeting.py'), read('include/python3/greeting.py'));
    assert.equal(read('solutions/wrong_answer/backwards/greeting.py'), read('include/python3/greeting.py'));
    assert.match(imported.text, /^note: submissions\/accepted\/hello2\.py is submitted with the files of include\/python2\/ \(greeting\.py\)/m);
    assert.equal(checked.code, 0, checked.text);
    assertOk(checked.text, ['accepted/hello: accepted (15)', 'wrong_answer/backwards: wrong answer (14)']);
    // Python 2 with its own include (its greeting.py is Python 2 only), judged where the endpoint has it.
    assert.match(
      checked.text,
      /^(ok {4}solutions\/accepted\/hello2: accepted \(15\)|SKIP {2}solutions\/accepted\/hello2: skipped: the endpoint offers no compiler for Python 2 \(problemtools' language of its files\)\.)$/m,
    );
  });

  it("the package's short name is the problem's code when the first push creates it; taken, the service picks one and push says so", async () => {
    const codeOnService = async (dir: string) => {
      const { link } = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { link: { problemId: number } };
      const res = await fetch(emu.url('problems', `/problems/${link.problemId}`));
      assert.equal(res.status, 200);
      return ((await res.json()) as { code: string }).code;
    };
    const constants = path.resolve(__dirname, '../../../test/fixtures/kattis/constants');
    const first = path.join(scratch('kattis-code-'), 'triple');
    const imported = await run(['import-kattis', constants, first]);
    assert.equal(imported.code, 0, imported.text);
    assert.match(imported.text, /code on the service will be CONSTANTS \(the package's short name\)/);
    const pushed = await run(['push', first]);
    assert.equal(pushed.code, 0, pushed.text);
    assert.match(pushed.text, /^code: the problem has the code CONSTANTS/m);
    assert.equal(await codeOnService(first), 'CONSTANTS');

    const second = path.join(scratch('kattis-code-'), 'triple');
    await run(['import-kattis', constants, second]);
    const again = await run(['push', second]);
    assert.equal(again.code, 0, again.text);
    assert.match(again.text, /^code: the code CONSTANTS \(the package's short name\) was not free on the service \(.*taken.*\): the service picked the code$/m);
    assert.notEqual(await codeOnService(second), 'CONSTANTS');
  });

  it('2025-09 constants: a submission and the include/ file it imports use {{max_n}}, replaced as the format says, and it is accepted', async () => {
    // After the code test: this push takes the code CONSTANTS too.
    const { imported, checked } = await importPushCheck(path.resolve(__dirname, '../../../test/fixtures/kattis/constants'), 'constants');
    assert.match(imported.text, /Constants substituted where the format says/);
    assert.equal(checked.code, 0, checked.text);
    assertOk(checked.text, ['accepted/triple: accepted (15)']);
  });
});
