// The Kattis output validator adapter (src/core/kattis/validator-*.ts): which validators become
// judges and why the others do not, the generated sources, and those sources run as Sphere Engine
// runs a test case judge (fd 0 input, 3 output, 4 answer, 6 debug; exit 0/1/2). Small validators
// are written here; the fixture packages are run on the emulator in test/emulator.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exportKattis, importKattis } from '../../../src/core/kattis';
import { adapterOrigin, adaptValidator, findOutputValidator } from '../../../src/core/kattis/validator-adapter';
import { readProblemFolder } from '../../../src/core/problem-folder';
import { useScratch, writeTree as tree } from '../../scratch';
import { REPO_ROOT } from '../../repo-root';

const DATA = { 'problem.yaml': 'name: V\nvalidation: custom\n', 'data/secret/1.in': '10\n', 'data/secret/1.ans': '5\n' };
const FIXTURES = path.resolve(REPO_ROOT, 'test/fixtures/kattis');

/** Runs a judge program as the service does; returns its exit code and what it wrote to fd 6. */
function judge(command: string[], work: string, output: string): { code: number | null; debug: string } {
  const files = { input: '10\n', output, answer: '5\n', source: 'x', debug: '' };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(work, name), text);
  const fd = (name: string, mode = 'r') => fs.openSync(path.join(work, name), mode);
  const stdio = [fd('input'), 'pipe', 'pipe', fd('output'), fd('answer'), fd('source'), fd('debug', 'w')];
  try {
    const r = spawnSync(command[0], command.slice(1), { stdio: stdio as never, encoding: 'utf8' });
    return { code: r.status, debug: fs.readFileSync(path.join(work, 'debug'), 'utf8') };
  } finally {
    for (const f of stdio) if (typeof f === 'number') fs.closeSync(f);
  }
}

describe('Kattis output validator adapter', () => {
  const scratch = useScratch();
  const adapt = (files: Record<string, string>) => {
    const pkg = tree(scratch('kattis-v-'), { ...DATA, ...files });
    const found = findOutputValidator(pkg);
    assert.ok(found && !('problem' in found), JSON.stringify(found));
    return adaptValidator(found);
  };
  const reason = (files: Record<string, string>) => {
    const a = adapt(files);
    return a.ok ? 'adapted' : a.reason;
  };

  it('adapts Python and C++ validators, and says why it leaves the others', () => {
    assert.equal(adapt({ 'output_validators/v.py': 'x' }).ok, true, 'a single file in output_validators/');
    assert.equal(
      adapt({
        'output_validators/v/main.py': 'x',
        'output_validators/v/lib.py': 'x',
        'output_validators/v/README.md': 'x',
        'output_validators/v/__pycache__/lib.cpython-312.pyc': 'x',
      }).ok,
      true,
    );
    assert.equal(adapt({ 'output_validator/v.cpp': 'int main() {}', 'output_validator/v.h': '' }).ok, true, '2023-07 output_validator/');
    assert.match(reason({ 'output_validators/v/a.py': 'x', 'output_validators/v/b.py': 'x' }), /several Python files \(a\.py, b\.py\) and none is main\.py or v\.py/);
    assert.match(reason({ 'output_validators/v/v.py': '#!/usr/bin/python2\n' }), /Python 2 program/);
    assert.match(reason({ 'output_validators/v/Check.java': 'x' }), /language the adapter does not handle \(\.java\)/);
    assert.match(
      reason({ 'output_validators/v/a.cpp': 'int main() {}', 'output_validators/v/b.cpp': '' }),
      /2 C\+\+ source files \(a\.cpp, b\.cpp\); one judge source cannot hold separate translation units/,
    );
    assert.match(reason({ 'output_validators/v/v.cpp': 'int main() {}', 'output_validators/v/build': '' }), /built or run by its own script \(build\)/);
    assert.match(reason({ 'output_validators/v/v.cpp': 'void f() {}' }), /no "int main\(" was found/);
    const two = tree(scratch('kattis-v-'), { ...DATA, 'output_validators/a/a.py': 'x', 'output_validators/b/b.py': 'x' });
    assert.deepEqual(findOutputValidator(two), { problem: 'output_validators/ holds 2 validators (a, b); one judge runs one validator' });
  });

  it('inlines local headers once, renames main, and marks the source with its origin and flags', () => {
    const a = adapt({
      'output_validators/v/v.cpp': '#include <cstdio>\n#include "lib/a.h"\n#include "b.h"\nint main(int argc, char **argv) { return ok(); }\n',
      'output_validators/v/lib/a.h': '#pragma once\n#include "../b.h"\ninline int ok() { return two(); }\n',
      'output_validators/v/b.h': 'inline int two() { return 42; }\n',
    });
    assert.ok(a.ok);
    assert.deepEqual([a.language, a.compilerId, a.ext, a.files], ['C++', 1, '.cpp', ['v.cpp', 'lib/a.h', 'b.h']]);
    const src = a.source('float_tolerance 1e-6', 'kattis-validator/v');
    assert.deepEqual(adapterOrigin(src), { validator: 'kattis-validator/v', flags: 'float_tolerance 1e-6' });
    assert.equal(src.match(/inline int two\(\)/g)?.length, 1, 'b.h inlined once');
    assert.match(src, /#include <cstdio>/);
    assert.match(src, /\/\/ #include "b\.h": inlined above/);
    assert.doesNotMatch(src, /pragma once|int main\(int argc/);
    assert.match(src, /int kattis_validator_main\(int argc, char \*\*argv\)/);
    assert.match(src, /\{"validator", input, answer, feedback, "float_tolerance", "1e-6"\}/);
    const py = adapt({ 'output_validators/v/main.py': 'import lib\n', 'output_validators/v/lib.py': 'X = "\\u00e9"\n' });
    assert.ok(py.ok);
    const pysrc = py.source('', 'kattis-validator/v');
    assert.deepEqual(adapterOrigin(pysrc), { validator: 'kattis-validator/v', flags: '' });
    assert.match(pysrc, /^FLAGS = \[\]$/m);
    assert.match(pysrc, /^ {4}"lib\.py": "X = \\"\\\\u00e9\\"\\n",$/m);
    assert.equal(adapterOrigin('# a judge of my own\n'), undefined);
  });

  it('the Python judge runs the validator as Kattis does and maps its exit to the judge protocol', function () {
    const v = [
      'import os, sys',
      'inp, ans, fb = sys.argv[1:4]',
      'assert fb.endswith(os.sep) and sys.argv[4:] == ["tolerance", "1"], sys.argv',
      'got, want = sys.stdin.read().strip(), open(ans).read().strip()',
      'if got == "crash": raise ValueError("validator bug")',
      'if got == "hard": os._exit(42)',
      'open(os.path.join(fb, "judgemessage.txt"), "w").write("got %s, want %s (input %s)" % (got, want, open(inp).read().strip()))',
      'sys.exit(42 if abs(int(got) - int(want)) <= 1 else 43)',
    ].join('\n');
    const a = adapt({ 'output_validators/v/v.py': v });
    assert.ok(a.ok);
    const work = scratch('kattis-run-');
    fs.writeFileSync(path.join(work, 'judge.py'), a.source('tolerance 1', 'kattis-validator/v'));
    const run = (output: string) => judge(['python3', path.join(work, 'judge.py')], work, output);
    assert.deepEqual(run('6\n'), { code: 0, debug: 'got 6, want 5 (input 10)' });
    assert.deepEqual(run('7\n'), { code: 1, debug: 'got 7, want 5 (input 10)' });
    assert.equal(run('hard\n').code, 0, 'os._exit(42) is seen too');
    const crash = run('crash\n');
    assert.equal(crash.code, 2);
    assert.match(crash.debug, /exited with 1 \(42 accepts, 43 rejects: anything else is a judge error\)[\s\S]*ValueError: validator bug/);
  });

  it('the C++ judge compiles with the validator inside and maps exit(42) from anywhere', function () {
    this.timeout(30000);
    const a = adapt({
      'output_validators/v/v.cpp':
        '#include "verdict.h"\n#include <fstream>\n#include <iostream>\nint main() { std::string got; std::cin >> got; if (got == "crash") abort(); if (got == "6") accept(); reject(got); }\n',
      'output_validators/v/verdict.h':
        '#include <cstdlib>\n#include <cstdio>\n#include <string>\n[[noreturn]] inline void accept() { exit(42); }\n[[noreturn]] inline void reject(const std::string &s) { fprintf(stderr, "%s", s.c_str()); exit(43); }\n',
    });
    assert.ok(a.ok);
    const work = scratch('kattis-run-');
    fs.writeFileSync(path.join(work, 'judge.cpp'), a.source('', 'kattis-validator/v'));
    execFileSync('g++', ['-std=gnu++17', '-O2', '-o', path.join(work, 'judge'), path.join(work, 'judge.cpp')]);
    const run = (output: string) => judge([path.join(work, 'judge')], work, output).code;
    assert.deepEqual([run('6\n'), run('7\n'), run('crash\n')], [0, 1, 2]);
    assert.match(judge([path.join(work, 'judge')], work, 'crash\n').debug, /killed by signal 6/);
  });

  it('imports the adapter judges (one per set of flags) and exports the original validator back', () => {
    const dir = path.join(scratch('kattis-near-'), 'near');
    importKattis(path.join(FIXTURES, 'near'), dir);
    const folder = readProblemFolder(dir);
    assert.deepEqual(
      folder.json.tests.map((t) => t.judge),
      ['kattis_validator', 'kattis_validator_2'],
    );
    assert.deepEqual(
      Object.values(folder.json.judges!).map((j) => [j.file, j.compilerId]),
      [
        ['judges/kattis_validator.py', 116],
        ['judges/kattis_validator_2.py', 116],
      ],
    );
    const pkg = path.join(scratch('kattis-near-out-'), 'pkg');
    assert.deepEqual(exportKattis(dir, pkg).notExported, []);
    assert.equal(fs.readFileSync(path.join(pkg, 'problem.yaml'), 'utf8'), 'name: Half, Roughly\nvalidation: custom\n');
    assert.equal(fs.readFileSync(path.join(pkg, 'data/secret/group001/testdata.yaml'), 'utf8'), 'output_validator_flags: tolerance 2\n');
    for (const f of ['near.py', 'verdict.py']) {
      assert.equal(fs.readFileSync(path.join(pkg, 'output_validators/near', f), 'utf8'), fs.readFileSync(path.join(FIXTURES, 'near/output_validators/near', f), 'utf8'));
    }
    const back = path.join(scratch('kattis-near-back-'), 'near');
    assert.deepEqual(importKattis(pkg, back).notImported, []);
    assert.deepEqual(readProblemFolder(back).json.judges, folder.json.judges);
    // A test moved to a built-in judge: Kattis has one validator per problem, so it is not exported.
    fs.writeFileSync(path.join(dir, 'problem.json'), fs.readFileSync(path.join(dir, 'problem.json'), 'utf8').replace('"judge": "kattis_validator_2"', '"judge": 1'));
    const mixed = exportKattis(dir, path.join(scratch('kattis-near-mixed-'), 'pkg'));
    assert.match(mixed.notExported.join('\n'), /The Kattis validator in kattis-validator\/near: Kattis runs one output validator for every test/);
  });
});
