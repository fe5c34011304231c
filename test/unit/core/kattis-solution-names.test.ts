// One solution per Kattis submission: the import's count is the folder's solutions, and no two
// submissions share a solution name (x.py and x.cpp both given include/ files would both become
// x/; rejected/ and brute_force/ both map to solutions/rejected/), so none is merged into or
// written over another.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importKattis } from '../../../src/core/kattis';
import { readProblemFolder } from '../../../src/core/problem-folder';
import { useScratch, writeTree as tree } from '../../scratch';

describe('Kattis packages: one solution per submission', () => {
  const scratch = useScratch();

  it('counts submissions, a multi-file folder once, and gives same-named submissions names of their own', () => {
    const pkg = tree(scratch('kattis-names-'), {
      'problem.yaml': 'problem_format_version: 2023-07\nname: Echo\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
      'include/python3/helper.py': 'X = 1\n',
      'include/cpp/helper.h': '#define X 1\n',
      'submissions/accepted/x.py': 'print(input())\n',
      'submissions/accepted/x.cpp': '#include <iostream>\nint main() { int a; std::cin >> a; std::cout << a << "\\n"; }\n',
      'submissions/accepted/multi/main.py': 'import util\nutil.echo()\n',
      'submissions/accepted/multi/util.py': 'def echo():\n    print(input())\n',
      'submissions/rejected/y.py': 'print(2)\n',
      'submissions/brute_force/y.py': 'print(3)\n',
    });
    const dir = path.join(scratch('kattis-names-f-'), 'echo');
    const result = importKattis(pkg, dir);
    const solutions = readProblemFolder(dir).solutions.map((s) => s.file);
    assert.deepEqual(solutions.sort(), ['solutions/accepted/multi', 'solutions/accepted/x', 'solutions/accepted/x_py', 'solutions/rejected/y', 'solutions/rejected/y_py']);
    assert.equal(result.solutions, solutions.length);
    const read = (rel: string) => fs.readdirSync(path.join(dir, rel)).sort();
    // In the package's order (natural: brute_force before rejected, x.cpp before x.py), the first keeps the name.
    assert.deepEqual(read('solutions/accepted/x'), ['helper.h', 'x.cpp']);
    assert.deepEqual(read('solutions/accepted/x_py'), ['helper.py', 'x.py']);
    assert.equal(fs.readFileSync(path.join(dir, 'solutions/rejected/y/y.py'), 'utf8'), 'print(3)\n');
    assert.equal(fs.readFileSync(path.join(dir, 'solutions/rejected/y_py/y.py'), 'utf8'), 'print(2)\n');
    assert.ok(
      result.notes.some((n) => n === 'submissions/rejected/y.py became solutions/rejected/y_py: another submission already has solutions/rejected/y.'),
      result.notes.join('\n'),
    );
  });

  it('a same-named single file from another Kattis folder gets that folder before its name, its extension still last', () => {
    const pkg = tree(scratch('kattis-names-2-'), {
      'problem.yaml': 'name: Echo\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
      'submissions/rejected/y.py': 'print(2)\n',
      'submissions/brute_force/y.py': 'print(3)\n',
    });
    const dir = path.join(scratch('kattis-names-2f-'), 'echo');
    const result = importKattis(pkg, dir);
    assert.deepEqual(
      readProblemFolder(dir)
        .solutions.map((s) => s.file)
        .sort(),
      ['solutions/rejected/rejected_y.py', 'solutions/rejected/y.py'],
    );
    assert.equal(result.solutions, 2);
  });
});
