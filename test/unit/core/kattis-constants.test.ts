// problem.yaml `constants` (2025-09): replaced where the format says — Markdown statements,
// validators, include/ files, example submissions, test_group.yaml — and not in problem.yaml or test data.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importKattis } from '../../../src/core/kattis';
import { readProblemFolder } from '../../../src/core/problem-folder';
import { useScratch, writeTree as tree } from '../../scratch';
import { REPO_ROOT } from '../../repo-root';

const FIXTURE = path.resolve(REPO_ROOT, 'test/fixtures/kattis/constants');

describe('Kattis packages: constants', () => {
  const scratch = useScratch();

  it('substitutes {{name}} and {{name.variant}} in the Markdown statement, the submissions and include/ files; an unknown name is kept and reported', () => {
    const dir = path.join(scratch('kattis-const-'), 'triple');
    const result = importKattis(FIXTURE, dir);
    const folder = readProblemFolder(dir);
    assert.equal(folder.json.tests[0].timeLimit, 1.5);
    assert.equal(folder.body, '# Triple\nPrint three times $n$, where $1 \\le n \\le 1000$, within 1.5 seconds (1.5 s).\nUnknown: {{nope}}.\n');
    assert.equal(
      fs.readFileSync(path.join(dir, 'solutions/accepted/triple/triple.py'), 'utf8'),
      'from bounds import MAX_N\n\nn = int(input())\nassert 1 <= n <= MAX_N == 1000\nprint(3 * n)\n',
    );
    assert.match(fs.readFileSync(path.join(dir, 'solutions/accepted/triple/bounds.py'), 'utf8'), /^MAX_N = 1000$/m);
    assert.ok(
      result.notes.some((n) => /statement\/problem\.en\.md: \{\{nope\}\} names no constant/.test(n)),
      result.notes.join('\n'),
    );
    assert.ok(
      result.notes.some((n) => n.includes('max_n = 1000') && n.includes('unit.short = s')),
      result.notes.join('\n'),
    );
  });

  it('never replaces them in problem.yaml (reported) or test data; does in include/ files, the output validator and test_group.yaml; the kept copies keep them', () => {
    const pkg = tree(scratch('kattis-const-where-'), {
      'problem.yaml': 'problem_format_version: 2025-09\nname: W\ntype: pass-fail\nconstants:\n  tl: 2\n  eps: 0.5\n  bonus: 7\nlimits:\n  time_limit: "{{tl}}"\n',
      'statement/problem.en.md': 'x\n',
      'data/secret/test_group.yaml': 'output_validator_args: [--eps, "{{eps}}"]\n',
      'data/secret/1.in': '{{bonus}}\n',
      'data/secret/1.ans': '{{bonus}}\n',
      'output_validator/validator.py': 'import sys\nEPS = {{eps}}\nsys.exit(42)\n',
      'include/python3/extra.py': 'BONUS = {{bonus}}\n',
      'submissions/accepted/a.py': 'import extra\nprint(extra.BONUS, {{tl.value}})\n',
    });
    const dir = path.join(scratch('kattis-const-where-f-'), 'w');
    const result = importKattis(pkg, dir);
    const read = (rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');
    const folder = readProblemFolder(dir);
    // problem.yaml: "{{tl}}" is not a time limit; the import says so and measures instead.
    assert.notEqual(folder.json.tests[0].timeLimit, 2);
    assert.ok(
      result.notes.some((n) => /problem\.yaml: \{\{tl\}\} is not replaced: .*never in problem\.yaml itself/.test(n)),
      result.notes.join('\n'),
    );
    assert.equal(read('tests/0.in'), '{{bonus}}\n');
    assert.equal(read('tests/0.out'), '{{bonus}}\n');
    assert.equal(read('solutions/accepted/a/a.py'), 'import extra\nprint(extra.BONUS, 2)\n');
    assert.equal(read('solutions/accepted/a/extra.py'), 'BONUS = 7\n');
    assert.equal(read('kattis-package/include/python3/extra.py'), 'BONUS = {{bonus}}\n');
    const judge = Object.values(folder.json.judges ?? {}).find((j) => j.file.endsWith('.py'))!;
    const source = read(judge.file);
    assert.match(source, /EPS = 0\.5/);
    assert.doesNotMatch(source, /\{\{eps\}\}/);
    // test_group.yaml's arguments reach the judge with the constant replaced.
    assert.match(source, /--eps.{1,8}0\.5/);
  });

  it('in a LaTeX statement only \\constant{name} and \\constant{name.variant} (name.value of a plain one too) are replaced; a constant with a bad name or no value is reported, not used', () => {
    const pkg = tree(scratch('kattis-const-tex-'), {
      'problem.yaml': 'problem_format_version: 2025-09\nname: T\nconstants:\n  k:\n    value: 7000\n    tex: 7\\,000\n  s: 3\n  9bad: 1\n  empty: [1, 2]\n',
      'problem_statement/problem.en.tex': '\\problemname{T}\nAt most \\constant{k} lines, $\\constant{k.tex}$, {{k}}, \\constant{s.value}.\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
    });
    const dir = path.join(scratch('kattis-const-tex-f-'), 't');
    const result = importKattis(pkg, dir);
    assert.match(readProblemFolder(dir).body, /At most 7000 lines, \$7\\,000\$, \{\{k\}\}, 3\./);
    assert.ok(result.notes.some((n) => /constant "9bad" is not a valid name/.test(n)));
    assert.ok(result.notes.some((n) => /constant "empty" has no number or string value/.test(n)));
  });
});
