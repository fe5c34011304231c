// emulator/fs-safety: opening beneath a root never follows a link, and removing a tree never
// throws, never follows a link out of it, and gets through folders left unwritable.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UnsafePathError, listBeneath, lookupBeneath, readFileBeneath, writeFileBeneath } from '../../emulator/fs-safety/beneath';
import { discardTree, makeWritable, removeTree } from '../../emulator/fs-safety/remove-tree';
import { closedFolders, makeDeepChain, removeAnyTree } from './deep-chain';

describe('emulator fs-safety', () => {
  let base: string;
  let root: string;
  let outside: string;
  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'se-fs-safety-'));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(root, 'dir'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret'), 'secret');
    fs.writeFileSync(path.join(root, 'dir', 'ok.txt'), 'ok');
  });
  afterEach(() => removeAnyTree(base));

  const refused = (fn: () => unknown, why: RegExp) => assert.throws(fn, (err: unknown) => err instanceof UnsafePathError && why.test(err.message));

  it('reads and writes regular files; refuses "..", absolute paths and NUL', () => {
    assert.equal(readFileBeneath(root, 'dir/ok.txt').toString(), 'ok');
    writeFileBeneath(root, 'dir/new.txt', Buffer.from('new'));
    assert.equal(fs.readFileSync(path.join(root, 'dir/new.txt'), 'utf8'), 'new');
    refused(() => lookupBeneath(root, 'dir/../../outside/secret'), /climbs out/);
    refused(() => lookupBeneath(root, '/etc/passwd'), /absolute/);
    refused(() => lookupBeneath(root, 'dir/a\0b'), /NUL/);
  });

  it('follows no link: not in the middle, not at the end, not dangling, not a chain that looks inside', () => {
    fs.symlinkSync(outside, path.join(root, 'out'));
    fs.symlinkSync('dir/../../outside/secret', path.join(root, 'chain'));
    fs.symlinkSync(path.join(outside, 'planted'), path.join(root, 'dangling'));
    refused(() => readFileBeneath(root, 'out/secret'), /"out" is a symbolic link/);
    refused(() => readFileBeneath(root, 'chain'), /"chain" is a symbolic link/);
    refused(() => writeFileBeneath(root, 'dangling', Buffer.from('x')), /symbolic link/);
    refused(() => writeFileBeneath(root, 'out/secret', Buffer.from('x')), /symbolic link/);
    assert.equal(fs.existsSync(path.join(outside, 'planted')), false, 'nothing written through the dangling link');
    assert.equal(fs.readFileSync(path.join(outside, 'secret'), 'utf8'), 'secret');
    assert.deepEqual(
      listBeneath(root, '')
        .map((e) => e.name)
        .sort(),
      ['dir'],
      'links are not listed',
    );
    refused(() => listBeneath(root, 'out'), /symbolic link/);
  });

  it('refuses a hard link when asked to (files made by untrusted code)', () => {
    fs.linkSync(path.join(outside, 'secret'), path.join(root, 'hard'));
    refused(() => readFileBeneath(root, 'hard', { singleLink: true }), /hard link/);
  });

  it('removeTree gets through folders left chmod 000 / 500, removes links as links, and never throws', async () => {
    const tree = path.join(root, 'dir');
    fs.mkdirSync(path.join(tree, 'locked', 'inner'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'locked', 'inner', 'f'), 'f');
    fs.symlinkSync(outside, path.join(tree, 'locked', 'link'));
    fs.chmodSync(path.join(tree, 'locked', 'inner'), 0o000);
    fs.chmodSync(path.join(tree, 'locked'), 0o500);
    const logged: string[] = [];
    await removeTree(tree, (m) => logged.push(m));
    assert.equal(fs.existsSync(tree), false);
    assert.equal(logged.length, 0, logged.join('\n'));
    assert.equal(fs.readFileSync(path.join(outside, 'secret'), 'utf8'), 'secret', 'the link target survives');
    await removeTree(path.join(base, 'missing'), (m) => logged.push(m));
    assert.equal(logged.length, 0, 'a missing folder is not an error');
  });

  it('removeTree removes a chain of folders deeper than PATH_MAX, modes 000 on the way, with files at the bottom (issue 36)', async function () {
    this.timeout(30_000);
    const tree = path.join(root, 'deep');
    makeDeepChain(tree, { levels: 25, files: 3 });
    const logged: string[] = [];
    await removeTree(tree, (m) => logged.push(m));
    assert.deepEqual(logged, []);
    assert.equal(fs.existsSync(tree), false, 'the chain is gone');
    assert.equal(fs.readFileSync(path.join(outside, 'secret'), 'utf8'), 'secret', 'the link at the bottom was not followed');
  });

  it('makeWritable opens up every folder of a chain deeper than PATH_MAX (issue 36)', async function () {
    this.timeout(30_000);
    const tree = path.join(root, 'deep');
    makeDeepChain(tree, { levels: 25, files: 0 });
    await makeWritable(tree);
    assert.equal(closedFolders(tree), 0);
  });

  it('discardTree frees the name at once and removes the rest in the background', async () => {
    const scratch = path.join(base, 'scratch');
    fs.mkdirSync(path.join(scratch, 'x'), { recursive: true });
    const done = discardTree(scratch, () => undefined);
    assert.equal(fs.existsSync(scratch), false);
    fs.mkdirSync(scratch);
    await done;
    assert.deepEqual(
      fs.readdirSync(base).filter((n) => n.startsWith('scratch.discarded-')),
      [],
    );
  });
});
