// problem.yaml `constants` (2025-09): `{{name}}` in the statement and in problem.yaml's values.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { importKattis } from '../../../src/core/kattis';
import { readProblemFolder } from '../../../src/core/problem-folder';
import { useScratch, writeTree as tree } from '../../scratch';
import { REPO_ROOT } from '../../repo-root';

const FIXTURE = path.resolve(REPO_ROOT, 'test/fixtures/kattis/constants');

describe('Kattis packages: constants', () => {
  const scratch = useScratch();

  it('substitutes {{name}} in the statement and in limits, typed where the value is one constant; an unknown name is kept and reported', () => {
    const dir = path.join(scratch('kattis-const-'), 'triple');
    const result = importKattis(FIXTURE, dir);
    const folder = readProblemFolder(dir);
    assert.equal(folder.json.tests[0].timeLimit, 1.5);
    assert.equal(folder.body, '# Triple\nPrint three times $n$, where $1 \\le n \\le 1000$, within 1.5 seconds.\nUnknown: {{nope}}.\n');
    assert.ok(
      result.notes.some((n) => /statement\/problem\.en\.md: \{\{nope\}\} names no constant/.test(n)),
      result.notes.join('\n'),
    );
    assert.ok(
      result.notes.some((n) => n.includes('max_n = 1000')),
      result.notes.join('\n'),
    );
  });

  it('substitutes in a LaTeX statement; a constant with a bad name or no value is reported, not used', () => {
    const pkg = tree(scratch('kattis-const-tex-'), {
      'problem.yaml': 'problem_format_version: 2025-09\nname: T\nconstants:\n  k: 7\n  9bad: 1\n  empty: [1, 2]\n',
      'problem_statement/problem.en.tex': '\\problemname{T}\nAt most {{k}} lines, {{9bad}}.\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
    });
    const dir = path.join(scratch('kattis-const-tex-f-'), 't');
    const result = importKattis(pkg, dir);
    assert.match(readProblemFolder(dir).body, /At most 7 lines, \{\{9bad\}\}\./);
    assert.ok(result.notes.some((n) => /constant "9bad" is not a valid name/.test(n)));
    assert.ok(result.notes.some((n) => /constant "empty" has no number or string value/.test(n)));
  });
});
