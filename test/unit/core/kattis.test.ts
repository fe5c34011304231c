// Kattis problem packages in and out (src/core/kattis), with small packages written here: the
// legacy layout, the 2023-07 draft, a custom validator, an interactive problem and broken input.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { deriveTimeLimit, exportKattis, importKattis, judgeForFlags, parseYaml, timeLimitRule } from '../../../src/core/kattis';
import { readProblemFolder } from '../../../src/core/problem-folder';
import { runProblemsCli } from '../../../src/cli/problems';
import { useScratch, writeTree as tree } from '../../scratch';
import { REPO_ROOT } from '../../repo-root';

const LEGACY = {
  'problem.yaml': 'name: Hello Floats   # a comment\nsource: "NWERC: 2020"\nvalidation: default\nvalidator_flags: float_tolerance 1e-6\n',
  '.timelimit': '2\n',
  'problem_statement/problem.en.tex':
    '\\problemname{Hello Floats}\nPrint \\textbf{half} of $n$, 50\\% of it. % not shown\n\\section*{Input}\n\\begin{itemize}\n\\item one line\n\\end{itemize}\n',
  'data/sample/1.in': '3\n',
  'data/sample/1.ans': '1.5\n',
  'data/secret/g1/testdata.yaml': 'output_validator_flags: case_sensitive\n',
  'data/secret/g1/a.in': 'A\n',
  'data/secret/g1/a.ans': 'A\n',
  'data/secret/g2/10.in': '10\n',
  'data/secret/g2/10.ans': '5\n',
  'data/secret/g2/2.in': '2\n',
  'data/secret/g2/2.ans': '1\n',
  'submissions/accepted/half.py': 'print(int(input())/2)\n',
  'submissions/run_time_error/crash.py': 'raise SystemExit(1)\n',
  'submissions/accepted/multi/main.py': 'x\n',
  'submissions/presentation_error/any.py': 'x\n',
};

describe('Kattis packages', () => {
  const scratch = useScratch();

  it('reads YAML as problemtools does: comments with tabs, block scalars, anchors; a broken file names its line', () => {
    assert.deepEqual(parseYaml("name: 'It''s'\nlimits:\n  time_limit: 2.5\n  memory: 1024\nkeywords: [a, b]\nlist:\n  - 1\n  - x\nflag: true\n"), {
      name: "It's",
      limits: { time_limit: 2.5, memory: 1024 },
      keywords: ['a', 'b'],
      list: [1, 'x'],
      flag: true,
    });
    // problemtools' own examples: a licence table aligned with tabs inside comments.
    assert.deepEqual(
      parseYaml(
        'validation: custom\nlimits:\n#  time_multiplier: 5\n  time_safety_margin: 4           # (default is 2)\n# "unknown"\t\t\tThe default value.\n# \t\t   \t\tanywhere\n',
      ),
      {
        validation: 'custom',
        limits: { time_safety_margin: 4 },
      },
    );
    assert.deepEqual(parseYaml('name: x\nstatement: |\n  two\n  lines\nfolded: >\n  one\n  line\n'), { name: 'x', statement: 'two\nlines\n', folded: 'one line\n' });
    assert.deepEqual(parseYaml('base: &flags {a: 1}\ngroup: *flags\non_reject: no\n'), { base: { a: 1 }, group: { a: 1 }, on_reject: 'no' });
    assert.deepEqual(parseYaml('# only a comment\n'), {});
    assert.throws(() => parseYaml('name: x\n\tvalidation: default\n'), /line 2, column 1: tab characters must not be used in indentation/);
    assert.throws(() => parseYaml('name: x\nname: y\n'), /line 2, column 1: duplicated mapping key/);
    assert.throws(() => parseYaml('- a\n- b\n'), /must be a map/);
  });

  it('derives time limits as Kattis does, for both format versions', () => {
    const legacy = timeLimitRule(tree(scratch('kattis-tl-'), { 'problem.yaml': 'name: A\n' }), { name: 'A' });
    assert.deepEqual([legacy.format, legacy.multiplier, legacy.margin, legacy.fixed], ['legacy', 5, 2, undefined]);
    // problemtools: limit = max(1, round(t × 5)), time-outs beyond max(limit + 1, round(t × 5 × 2)).
    assert.deepEqual(deriveTimeLimit(legacy, 1.0), { limit: 5, tleLimit: 10 });
    assert.deepEqual(deriveTimeLimit(legacy, 0.02), { limit: 1, tleLimit: 2 });
    assert.deepEqual(deriveTimeLimit(legacy, 0.3), { limit: 2, tleLimit: 3 }, '1.5 rounds half up to 2');
    const margin4 = timeLimitRule(scratch('kattis-tl-'), { limits: { time_multiplier: 3, time_safety_margin: 4 } });
    assert.deepEqual(deriveTimeLimit(margin4, 0.5), { limit: 2, tleLimit: 6 });
    // 2023-07: limit = t × ac_to_time_limit (2) up to a multiple of time_resolution (1 s); × time_limit_to_tle (1.5).
    const draft = timeLimitRule(scratch('kattis-tl-'), { problem_format_version: '2023-07-draft', limits: { time_multipliers: { time_limit_to_tle: 4 } } });
    assert.deepEqual([draft.format, draft.multiplier, draft.margin], ['2023-07', 2, 4]);
    assert.deepEqual(deriveTimeLimit(draft, 0.048), { limit: 1, tleLimit: 4 });
    assert.deepEqual(deriveTimeLimit(draft, 1.2), { limit: 3, tleLimit: 12 });
    const fine = timeLimitRule(scratch('kattis-tl-'), { problem_format_version: '2023-07', limits: { time_resolution: 0.1, time_multipliers: { ac_to_time_limit: 3 } } });
    assert.deepEqual(deriveTimeLimit(fine, 0.1), { limit: 0.3, tleLimit: 0.45 });
    const fixed = timeLimitRule(scratch('kattis-tl-'), { problem_format_version: '2023-07', limits: { time_limit: 2.5 } });
    assert.deepEqual([fixed.fixed, deriveTimeLimit(fixed, 9).limit], [2.5, 2.5]);
    const file = timeLimitRule(tree(scratch('kattis-tl-'), { '.timelimit': '3\n' }), {});
    assert.deepEqual([file.fixed, file.source], [3, '.timelimit']);
  });

  it('maps validator flags to the closest built-in judge and says how it differs', () => {
    assert.deepEqual(judgeForFlags('case_sensitive'), { judge: 1 });
    assert.deepEqual(judgeForFlags('case_sensitive float_tolerance 1e-6'), { judge: 3 });
    assert.equal(judgeForFlags('case_sensitive float_relative_tolerance 1e-4').judge, 3);
    assert.match(judgeForFlags('case_sensitive float_tolerance 1e-4').note ?? '', /stricter with judge 3/);
    assert.match(judgeForFlags('case_sensitive float_tolerance 1e-9').note ?? '', /looser with judge 3 .*no built-in judge is that strict/);
    assert.match(judgeForFlags('').note ?? '', /ignores letter case by default/);
    assert.equal(judgeForFlags('case_sensitive space_change_sensitive').judge, 10);
  });

  it('imports a legacy package: tests in order with their group flags, LaTeX statement, solutions by verdict', () => {
    const pkg = tree(scratch('kattis-legacy-'), LEGACY);
    const dir = path.join(scratch('kattis-folder-'), 'hello');
    const result = importKattis(pkg, dir);
    assert.equal(result.tests, 4);
    assert.equal(result.solutions, 3);
    const folder = readProblemFolder(dir);
    assert.equal(folder.json.name, 'Hello Floats');
    // float_tolerance: Kattis's default validator (no built-in judge compares the same); case_sensitive alone: judge 1.
    assert.deepEqual(
      folder.json.tests.map((t) => [t.number, t.judge, t.timeLimit]),
      [
        [0, 'kattis_default', 2],
        [1, 1, 2],
        [2, 'kattis_default', 2],
        [3, 'kattis_default', 2],
      ],
    );
    assert.deepEqual(
      [0, 1, 2, 3].map((n) => fs.readFileSync(path.join(dir, `tests/${n}.in`), 'utf8')),
      ['3\n', 'A\n', '2\n', '10\n'],
    );
    assert.equal(fs.readFileSync(path.join(dir, 'tests/3.out'), 'utf8'), '5\n');
    assert.deepEqual(
      folder.solutions.map((s) => [s.file, s.files]),
      [
        ['solutions/accepted/half.py', undefined],
        ['solutions/accepted/multi', ['main.py']],
        ['solutions/runtime_error/crash.py', undefined],
      ],
    );
    assert.equal(folder.body, '# Hello Floats\nPrint **half** of $n$, 50% of it.\n\n## Input\n\n- one line\n');
    assert.ok(fs.existsSync(path.join(dir, 'statement-source/problem.en.tex')));
    assert.deepEqual(result.notImported, []);
    assert.deepEqual(result.ignored, [
      'submissions/presentation_error/any.py: "presentation_error" is not a submissions folder problemtools checks (accepted, wrong_answer, time_limit_exceeded, run_time_error, partially_accepted, 2023-07 rejected and brute_force) and submissions/submissions.yaml gives it no expectations, so it is not judged, as problemtools does not judge it.',
    ]);
    assert.ok(result.notes.some((n) => /Tests in order: 0 = data\/sample\/1\.in, 1 = data\/secret\/g1\/a\.in, 2 = data\/secret\/g2\/2\.in, 3 = data\/secret\/g2\/10\.in/.test(n)));
    assert.ok(
      result.notes.some((n) =>
        /Kattis's default validator for "float_tolerance 1e-6" \(letter case ignored, absolute and relative float tolerances\) runs as judge "kattis_default"/.test(n),
      ),
      result.notes.join('\n'),
    );
  });

  it('imports the 2023-07 draft: translated name, limits.time_limit, statement/ in Markdown', () => {
    const pkg = tree(scratch('kattis-2023-'), {
      'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: pass-fail\nname:\n  en: Sum\n  sv: Summa\nlimits:\n  time_limit: 2.5\n',
      'statement/problem.en.md': '# Sum\nAdd them.\n',
      'data/secret/1.in': '1 2\n',
      'data/secret/1.ans': '3\n',
    });
    const dir = path.join(scratch('kattis-folder-'), 'sum');
    const result = importKattis(pkg, dir);
    const folder = readProblemFolder(dir);
    assert.deepEqual([folder.json.name, folder.json.tests[0].timeLimit, folder.body], ['Sum', 2.5, '# Sum\nAdd them.\n']);
    assert.deepEqual(result.notImported, []);
  });

  it('reports a validator the adapter cannot run as not imported, refuses interactive problems and broken packages', () => {
    const custom = tree(scratch('kattis-custom-'), {
      'problem.yaml': 'name: C\nvalidation: custom\n',
      'output_validators/v/Check.java': 'x',
      'data/secret/1.in': '1',
      'data/secret/1.ans': '1',
    });
    const result = importKattis(custom, path.join(scratch('kf-'), 'c'));
    assert.match(
      result.notImported.join('\n'),
      /custom output validator output_validators\/v: it is written in a language the adapter does not handle \(\.java\).*\. The tests use judge 1/,
    );
    const interactive = tree(scratch('kattis-inter-'), { 'problem.yaml': 'name: I\nvalidation: custom interactive\n', 'data/secret/1.in': '1', 'data/secret/1.ans': '1' });
    const noInteractor = path.join(scratch('kf-'), 'i');
    assert.throws(
      () => importKattis(interactive, noInteractor),
      /interactive Kattis problem, and its interactor cannot become a Sphere Engine interactive judge: the package has no output_validator\/ .*not imported/,
    );
    assert.equal(fs.existsSync(noInteractor), false, 'nothing written');
    const broken = tree(scratch('kattis-broken-'), { 'problem.yaml': 'name: B\n\tvalidation: default\n', 'data/secret/1.in': '1' });
    assert.throws(() => importKattis(broken, path.join(scratch('kf-'), 'b')), /problem\.yaml: line 2, column 1: tab characters must not be used in indentation/);
    fs.writeFileSync(path.join(broken, 'problem.yaml'), 'name: B\n');
    const target = path.join(scratch('kf-'), 'b');
    assert.throws(() => importKattis(broken, target), /data\/secret\/1\.in: 1\.ans is missing/);
    assert.equal(fs.existsSync(target), false, 'nothing written');
  });

  it('follows relative links that stay inside the package; refuses absolute, leaving, dangling and looping ones, by name', () => {
    const pkg = tree(scratch('kattis-links-'), {
      'problem.yaml': 'name: Links\n',
      'data/secret/g1/1.in': '1\n',
      'data/secret/g1/1.ans': '2\n',
      'submissions/accepted/a.py': 'print(int(input()) + 1)\n',
    });
    const outside = path.join(scratch('kattis-links-outside-'), 'secret.in');
    fs.writeFileSync(outside, 'host secret\n');
    fs.mkdirSync(path.join(pkg, 'data/secret/g2'));
    fs.symlinkSync('../g1/1.in', path.join(pkg, 'data/secret/g2/1.in'));
    fs.symlinkSync('../g1/1.ans', path.join(pkg, 'data/secret/g2/1.ans'));
    fs.symlinkSync('g1', path.join(pkg, 'data/secret/g3'));
    fs.symlinkSync(outside, path.join(pkg, 'data/secret/abs.in'));
    fs.symlinkSync(path.relative(path.join(pkg, 'data/secret'), outside), path.join(pkg, 'data/secret/leaving.in'));
    fs.symlinkSync('missing.in', path.join(pkg, 'data/secret/dangling.in'));
    fs.symlinkSync('..', path.join(pkg, 'data/secret/g1/up'));
    const dir = path.join(scratch('kattis-links-dir-'), 'links');
    const result = importKattis(pkg, dir);
    assert.equal(result.tests, 3, 'g1, g2 (linked files) and g3 (a linked folder)');
    assert.deepEqual(result.notImported.map((n) => n.split(': ')[0]).sort(), [
      'data/secret/abs.in',
      'data/secret/dangling.in',
      'data/secret/g1/up',
      'data/secret/g3/up',
      'data/secret/leaving.in',
    ]);
    assert.ok(
      result.notImported.every((n) => /a symbolic link: links are not followed unless relative and inside the package/.test(n)),
      result.notImported.join('\n'),
    );
    for (const n of [0, 1, 2]) assert.equal(fs.readFileSync(path.join(dir, `tests/${n}.in`), 'utf8'), '1\n');
  });

  it('exports a folder as a package that imports back to the same tests, judges and solutions', () => {
    const dir = path.join(scratch('kattis-folder-'), 'hello');
    importKattis(tree(scratch('kattis-legacy-'), LEGACY), dir);
    const pkg = path.join(scratch('kattis-out-'), 'pkg');
    const exported = exportKattis(dir, pkg);
    assert.deepEqual([exported.tests, exported.submissions, exported.notExported], [4, 3, []]);
    assert.equal(fs.readFileSync(path.join(pkg, 'problem.yaml'), 'utf8'), 'name: Hello Floats\nvalidation: default\n');
    assert.deepEqual(fs.readdirSync(path.join(pkg, 'submissions/accepted/multi')), ['main.py'], 'a multi-file solution goes back as a folder');
    assert.equal(fs.readFileSync(path.join(pkg, 'data/secret/group001/testdata.yaml'), 'utf8'), 'output_validator_flags: case_sensitive\n');
    const back = path.join(scratch('kattis-back-'), 'hello');
    importKattis(pkg, back);
    const [a, b] = [readProblemFolder(dir), readProblemFolder(back)];
    assert.deepEqual(b.json.tests, a.json.tests);
    for (const t of a.tests) assert.equal(fs.readFileSync(path.join(back, `tests/${t.number}.out`), 'utf8'), fs.readFileSync(t.outputPath, 'utf8'));
    assert.deepEqual(
      b.solutions.map((s) => s.file),
      a.solutions.map((s) => s.file),
    );
  });

  it('npm run problems -- import-kattis / export-kattis: 0 when all that matters went over (harmless files listed as ignored), 1 on an error', async () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), env: {} };
    const dir = path.join(scratch('kattis-cli-'), 'hello');
    assert.equal(await runProblemsCli(['import-kattis', tree(scratch('kattis-legacy-'), LEGACY), dir], io), 0);
    assert.ok(
      lines.some((l) => l.startsWith('ignored: submissions/presentation_error/any.py: "presentation_error" is not a submissions folder problemtools checks')),
      lines.join('\n'),
    );
    assert.equal(lines.at(-1), `Imported 4 tests and 3 solutions into ${dir}. 1 harmless file was ignored (listed above).`);
    const pkg = path.join(scratch('kattis-cli-out-'), 'pkg');
    assert.equal(await runProblemsCli(['export-kattis', dir, pkg], io), 0);
    assert.equal(lines.at(-1), `Exported 4 tests and 3 submissions into ${pkg}.`);
    assert.equal(await runProblemsCli(['export-kattis', dir, pkg], io), 1, 'a package folder that is not empty is refused');
  });
});

describe('Kattis packages: problemtools examples round trip', () => {
  const scratch = useScratch();
  const EXAMPLES = path.resolve(REPO_ROOT, 'test/fixtures/kattis/problemtools');

  for (const name of ['oddecho', 'guess', 'different']) {
    it(`${name}: import, export, import again gives the same problem`, () => {
      const first = path.join(scratch('kattis-rt-'), name);
      const result = importKattis(path.join(EXAMPLES, name), first);
      // Everything in the example comes over but what problemtools does not check either.
      assert.deepEqual(result.notImported, []);
      assert.deepEqual(
        result.ignored.map((n) => n.split(':')[0]),
        name === 'different' ? ['submissions/slow_accepted/different_slow.py'] : [],
      );
      const pkg = path.join(scratch('kattis-rt-pkg-'), name);
      const exported = exportKattis(first, pkg);
      assert.deepEqual(exported.notExported, []);
      const again = path.join(scratch('kattis-rt-back-'), name);
      importKattis(pkg, again);
      const [a, b] = [readProblemFolder(first), readProblemFolder(again)];
      const shape = (f: typeof a) => ({
        ...f.json,
        judges: Object.fromEntries(Object.entries(f.json.judges ?? {}).map(([k, j]) => [k, { ...j, source: fs.readFileSync(path.join(f.dir, j.file), 'utf8') }])),
      });
      // The limit: measured once (kattis.json), it goes over as .timelimit; the rest is identical.
      assert.deepEqual({ ...shape(b), tests: b.json.tests.map((t) => ({ ...t, timeLimit: 0 })) }, { ...shape(a), tests: a.json.tests.map((t) => ({ ...t, timeLimit: 0 })) });
      for (const t of a.tests) {
        assert.equal(fs.readFileSync(path.join(again, `tests/${t.number}.in`), 'utf8'), fs.readFileSync(t.inputPath, 'utf8'));
        assert.equal(fs.readFileSync(path.join(again, `tests/${t.number}.out`), 'utf8'), fs.readFileSync(t.outputPath, 'utf8'));
      }
      assert.deepEqual(
        b.solutions.map((s) => [s.file, s.expected]),
        a.solutions.map((s) => [s.file, s.expected]),
      );
    });
  }

  it('oddecho: scoring groups become a maximize problem graded by the scoring master judge', function () {
    this.timeout(20000);
    const dir = path.join(scratch('kattis-score-'), 'oddecho');
    importKattis(path.join(EXAMPLES, 'oddecho'), dir);
    const folder = readProblemFolder(dir);
    assert.deepEqual([folder.json.type, folder.json.masterJudge, folder.json.judges?.kattis_scoring?.type], ['maximize', 'kattis_scoring', 'master']);
    // Tests 0-1 samples, 2-4 group1, 5-7 group2. The judge's fd 0 lines: number STATUS score signal time memory.
    const grade = (statuses: string[]) =>
      execFileSync('python3', [path.join(dir, 'judges/kattis_scoring.py')], {
        input: statuses.map((s, i) => `${i} ${s} 0 0 0.01 100\n`).join(''),
        stdio: ['pipe', 'pipe', 'ignore'],
      })
        .toString()
        .trim();
    assert.equal(grade(Array(8).fill('AC')), 'AC 100.00 0 0.080 100');
    assert.equal(grade(['AC', 'AC', 'AC', 'AC', 'AC', 'WA', 'AC', 'AC']), 'AC 50.00 0 0.080 100', 'group1 only: half the score, still accepted');
    assert.equal(grade(['AC', 'AC', 'WA', 'AC', 'AC', 'WA', 'AC', 'AC']), 'WA 0.00 0 0.080 100');
  });
});
