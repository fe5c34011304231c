// Issue 36 item 3: no write of ours follows a link into or out of a folder a pull request controls.
// The target folders below hold `tests -> a folder outside` and `statement.md -> a file of the
// user's`, as a pull request can add them. Before: import-kattis wrote 0.in/0.out into the outside
// folder and overwrote the user's file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exportKattis, importKattis } from '../../../src/core/kattis';
import { safeCopyFile, safeWriteFile, UnsafeWriteError } from '../../../src/core/safe-write';
import { saveAsTest } from '../../../src/core/stress';
import { useScratch, writeTree } from '../../scratch';

const PACKAGE = {
  'problem.yaml': 'name: Linked\n',
  '.timelimit': '1\n',
  'problem_statement/problem.en.md': 'Text from the package.\n',
  'data/sample/1.in': '1\n',
  'data/sample/1.ans': '1\n',
};

const USERS_TEXT = "the user's own file\n";

describe('safe writes: nothing through a link in the folder written into', () => {
  const scratch = useScratch();

  /** A folder holding the two links, and where they lead. */
  function linkedFolder(prefix: string, links: Array<'tests' | 'statement.md'> = ['tests', 'statement.md']) {
    const root = scratch(prefix);
    const outsideDir = path.join(root, 'outside');
    const usersFile = path.join(root, 'users-file.md');
    fs.mkdirSync(outsideDir);
    fs.writeFileSync(usersFile, USERS_TEXT);
    const dir = path.join(root, 'target');
    fs.mkdirSync(dir);
    if (links.includes('tests')) fs.symlinkSync(outsideDir, path.join(dir, 'tests'));
    if (links.includes('statement.md')) fs.symlinkSync(usersFile, path.join(dir, 'statement.md'));
    const untouched = () => {
      assert.deepEqual(fs.readdirSync(outsideDir), [], 'nothing written into the outside folder');
      assert.equal(fs.readFileSync(usersFile, 'utf8'), USERS_TEXT, "the user's file is unchanged");
      assert.deepEqual(fs.readdirSync(root).sort(), ['outside', 'target', 'users-file.md']);
    };
    return { root, dir, outsideDir, usersFile, untouched };
  }

  it('refuses a destination that is a link, and one under a linked folder, naming the link', () => {
    const { dir, untouched } = linkedFolder('se-safe-write-');
    assert.throws(
      () => safeWriteFile(dir, path.join(dir, 'statement.md'), 'x'),
      (err: Error) => {
        assert.ok(err instanceof UnsafeWriteError);
        assert.equal(err.path, path.join(dir, 'statement.md'));
        assert.match(
          err.message,
          /statement\.md is a link: nothing was written there, since a write never follows a link out of the folder\. Remove or rename .*statement\.md, then try again\./,
        );
        return true;
      },
    );
    assert.throws(() => safeWriteFile(dir, path.join(dir, 'tests', 'deep', '0.in'), 'x'), /tests is a link, on the way to .*tests\/deep\/0\.in: nothing was written there/);
    assert.throws(() => safeWriteFile(dir, path.join(dir, '..', 'escape.txt'), 'x'), /is not inside/);
    untouched();
    assert.deepEqual(fs.readdirSync(dir).sort(), ['statement.md', 'tests'], 'no temporary file left');
  });

  it('replaces a regular file through a new name and a rename, making the folders on the way', () => {
    const dir = scratch('se-safe-write-ok-');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'old');
    const hard = path.join(dir, 'hard-link-to-a.txt');
    fs.linkSync(path.join(dir, 'a.txt'), hard);
    safeWriteFile(dir, path.join(dir, 'a.txt'), 'new');
    assert.equal(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8'), 'new');
    assert.equal(fs.readFileSync(hard, 'utf8'), 'old', 'a rename, not a write into the old file');
    fs.writeFileSync(path.join(dir, 'tool.sh'), '#!/bin/sh\n', { mode: 0o755 });
    safeCopyFile(dir, path.join(dir, 'tool.sh'), path.join(dir, 'x', 'y', 'tool.sh'));
    assert.equal(fs.statSync(path.join(dir, 'x', 'y', 'tool.sh')).mode & 0o777, 0o755);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a.txt', 'hard-link-to-a.txt', 'tool.sh', 'x']);
  });

  // Before: 0.in and 0.out landed in the outside folder.
  it('import-kattis into a folder holding tests -> outside and statement.md -> a file: refused naming the link, nothing outside', () => {
    const pkg = writeTree(scratch('se-safe-pkg-'), PACKAGE);
    const { dir, untouched } = linkedFolder('se-safe-import-');
    assert.throws(
      () => importKattis(pkg, dir),
      (err: Error) => {
        assert.ok(err instanceof UnsafeWriteError, String(err));
        assert.match(err.message, /tests is a link/);
        return true;
      },
    );
    untouched();
  });

  // Before: the user's file was overwritten with the package's statement.
  it('import-kattis into a folder holding only statement.md -> a file: refused, the file unchanged', () => {
    const pkg = writeTree(scratch('se-safe-pkg-'), PACKAGE);
    const { dir, untouched } = linkedFolder('se-safe-import-', ['statement.md']);
    assert.throws(() => importKattis(pkg, dir), /statement\.md is a link/);
    untouched();
  });

  it('export into a folder holding the links: nothing outside, no linked file changed', () => {
    const pkg = writeTree(scratch('se-safe-pkg-'), PACKAGE);
    const problem = path.join(scratch('se-safe-problem-'), 'p');
    importKattis(pkg, problem);
    const { dir, untouched } = linkedFolder('se-safe-export-');
    assert.throws(() => exportKattis(problem, dir));
    untouched();
    // A package folder whose data/ is a link made after the emptiness check cannot be simulated
    // without a race; the writer refuses it like any other linked parent:
    const fresh = path.join(scratch('se-safe-export2-'), 'pkg');
    fs.mkdirSync(fresh);
    const outside = scratch('se-safe-outside-');
    fs.symlinkSync(outside, path.join(fresh, 'data'));
    assert.throws(() => safeWriteFile(fresh, path.join(fresh, 'data', 'sample', '001.in'), 'x'), /data is a link/);
    assert.deepEqual(fs.readdirSync(outside), []);
  });

  it('Save as Test beside a solution whose folder holds links at the names: takes the next name, follows none', async () => {
    const { root, dir, usersFile, untouched } = linkedFolder('se-safe-save-', []);
    fs.symlinkSync(usersFile, path.join(dir, 'failing.in'));
    fs.symlinkSync(path.join(root, 'outside', 'made-by-us.out'), path.join(dir, 'failing-2.out'));
    const saved = await saveAsTest(dir, 'failing', '5\n', '25\n');
    assert.deepEqual(saved, { input: path.join(dir, 'failing-3.in'), output: path.join(dir, 'failing-3.out') });
    assert.equal(fs.readFileSync(saved.input, 'utf8'), '5\n');
    untouched();
  });
});
