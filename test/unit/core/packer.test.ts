import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';
import { checkSizeLimits, packFolder, PackError, scanFolder, WORKSPACE_FILE_LIMIT_BYTES } from '../../../src/core/packer/archive';
import { unpackTarGz } from '../../../src/core/packer/unpack';
import { fragmentTuning, stopWorkers, warmUpWorkers, workerFills } from '../../../src/core/packer/fragment-workers';
import { makeTree, readArchive, removeTree } from './helpers';

describe('core/packer', () => {
  const cleanups: string[] = [];
  const tree = async (files: Record<string, string>): Promise<string> => {
    const root = await makeTree(files);
    cleanups.push(root);
    return root;
  };
  afterEach(async () => {
    for (const dir of cleanups.splice(0)) await removeTree(dir);
  });

  const includedPaths = async (root: string): Promise<string[]> => (await scanFolder(root)).included.map((e) => e.path);

  describe('archive layout', () => {
    it('puts the whole tree under exactly one top-level workspace/ directory', async () => {
      const root = await tree({ 'prog.py': 'print(1)\n', 'lib/util.py': 'X = 1\n', 'data/in/a.txt': 'a', 'out/': '' });
      const packed = await packFolder(root);
      try {
        const entries = await readArchive(packed.file);
        for (const e of entries) assert.match(e.path, /^workspace\//, `entry outside workspace/: ${e.path}`);
        const names = entries.map((e) => e.path);
        assert.deepEqual(names.filter((n) => !n.endsWith('/')).sort(), ['workspace/data/in/a.txt', 'workspace/lib/util.py', 'workspace/prog.py']);
        assert.ok(names.includes('workspace/'), 'the workspace/ directory entry itself');
        assert.ok(names.includes('workspace/out/'), 'empty folders are kept');
        assert.equal(entries.find((e) => e.path === 'workspace/prog.py')?.content, 'print(1)\n');
        assert.equal(packed.bytes, (await fsp.stat(packed.file)).size);
      } finally {
        await packed.dispose();
      }
      await assert.rejects(fsp.stat(packed.file), /ENOENT/, 'dispose removes the archive');
    });

    it('keeps long and non-ASCII names, file modes and sizes above one block', async () => {
      const longName = `${'deep-folder-name/'.repeat(8)}a-file-with-a-long-name-żółw.txt`;
      const big = 'z'.repeat(300_000); // above the read-ahead size: streamed in chunks
      const root = await tree({ [longName]: 'long', 'big.txt': big });
      await fsp.chmod(path.join(root, 'big.txt'), 0o755);
      const packed = await packFolder(root);
      try {
        const entries = await readArchive(packed.file);
        assert.equal(entries.find((e) => e.path === `workspace/${longName}`)?.content, 'long');
        assert.equal(entries.find((e) => e.path === 'workspace/big.txt')?.content, big);
        const dest = await tree({});
        await unpackTarGz(packed.file, dest);
        assert.equal((await fsp.stat(path.join(dest, 'workspace', 'big.txt'))).mode & 0o777, 0o755);
      } finally {
        await packed.dispose();
      }
    });

    it('puts the entries at the top level with topFolder: null', async () => {
      const root = await tree({ 'main.cpp': 'int main(){}\n', 'lib/geo.hpp': '#pragma once\n', 'out/': '' });
      const packed = await packFolder(root, { topFolder: null, fileName: 'source.tar.gz' });
      try {
        assert.equal(path.basename(packed.file), 'source.tar.gz');
        const entries = await readArchive(packed.file);
        assert.deepEqual(entries.map((e) => e.path).sort(), ['lib/', 'lib/geo.hpp', 'main.cpp', 'out/']);
        assert.equal(entries.find((e) => e.path === 'lib/geo.hpp')?.content, '#pragma once\n');
      } finally {
        await packed.dispose();
      }
    });

    it('keeps file modes and modification times, in an archive GNU tar lists too', async function () {
      const root = await tree({ 'run.sh': 'echo hi\n', 'data/a.txt': 'a' });
      await fsp.chmod(path.join(root, 'run.sh'), 0o750);
      const when = new Date('2024-03-05T06:07:08Z');
      await fsp.utimes(path.join(root, 'data/a.txt'), when, when);
      const packed = await packFolder(root);
      try {
        const headers = new Map<string, { mode?: number; mtime?: Date; size?: number }>();
        await tar.t({ file: packed.file, onReadEntry: (e) => void headers.set(e.path, { mode: e.mode, mtime: e.mtime, size: e.size }) });
        assert.equal(headers.get('workspace/run.sh')?.mode, 0o750);
        assert.equal(headers.get('workspace/data/a.txt')?.mtime?.toISOString(), when.toISOString());
        assert.equal(headers.get('workspace/data/a.txt')?.size, 1);
        let listing: string;
        try {
          listing = execFileSync('tar', ['-tvzf', packed.file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
        } catch {
          this.skip(); // no GNU tar on this machine
        }
        assert.match(listing, /^-rwxr-x--- .* workspace\/run\.sh$/m);
        assert.match(listing, /^-rw.* 1 2024-03-05 06:07 workspace\/data\/a\.txt$/m);
        assert.match(listing, /^drwxr-xr-x .* workspace\/data\/$/m);
      } finally {
        await packed.dispose();
      }
    });

    it('keeps every byte of files larger than one write batch', async () => {
      const root = await tree({ 'small.txt': 'before' });
      const big = randomBytes(2.5 * 1024 * 1024 + 7);
      await fsp.writeFile(path.join(root, 'big.bin'), big);
      await fsp.writeFile(path.join(root, 'z-after.txt'), 'after');
      const packed = await packFolder(root);
      const dest = await tree({});
      try {
        await unpackTarGz(packed.file, dest);
        const back = await fsp.readFile(path.join(dest, 'workspace', 'big.bin'));
        assert.equal(createHash('sha256').update(back).digest('hex'), createHash('sha256').update(big).digest('hex'));
        assert.equal(await fsp.readFile(path.join(dest, 'workspace', 'z-after.txt'), 'utf8'), 'after');
      } finally {
        await packed.dispose();
      }
    });

    it('fails naming a file removed between the scan and the packing, and packs a changed one as it is now', async () => {
      const root = await tree({ 'a.txt': 'a', 'gone.txt': 'g', 'shrinks.txt': 'long content' });
      const scan = await scanFolder(root);
      await fsp.rm(path.join(root, 'gone.txt'));
      await assert.rejects(packFolder(root, { scan }), (err: unknown) => err instanceof PackError && err.code === 'unreadable' && err.path === 'gone.txt');
      await fsp.writeFile(path.join(root, 'gone.txt'), 'g');
      await fsp.writeFile(path.join(root, 'shrinks.txt'), 'short');
      const packed = await packFolder(root, { scan });
      try {
        const entries = await readArchive(packed.file);
        assert.equal(entries.find((e) => e.path === 'workspace/shrinks.txt')?.content, 'short');
        assert.equal(packed.scan.included.find((e) => e.path === 'shrinks.txt')?.size, 5, 'the scan returned says what was packed');
        assert.equal(packed.scan.totalBytes, 1 + 1 + 5);
      } finally {
        await packed.dispose();
      }
    });

    it('reports progress up to every file and byte', async () => {
      const root = await tree({ 'a.txt': 'aaaa', 'b/c.txt': 'cc' });
      const seen: Array<{ filesDone: number; bytesDone: number }> = [];
      const packed = await packFolder(root, { onProgress: (p) => seen.push(p) });
      await packed.dispose();
      const last = seen[seen.length - 1];
      assert.deepEqual(last, { filesDone: 2, filesTotal: 2, bytesDone: 6, bytesTotal: 6 });
    });

    it('packs 5,000 files and reads them all back', async function () {
      this.timeout(60000);
      const files: Record<string, string> = {};
      for (let i = 0; i < 5000; i++) files[`d${i % 50}/f${i}.txt`] = `file ${i}\n`;
      const root = await tree(files);
      const packed = await packFolder(root);
      try {
        const entries = await readArchive(packed.file);
        const fileEntries = entries.filter((e) => e.type === 'File');
        assert.equal(fileEntries.length, 5000);
        assert.equal(fileEntries.find((e) => e.path === 'workspace/d7/f4957.txt')?.content, 'file 4957\n');
      } finally {
        await packed.dispose();
      }
    });

    it('stops when cancelled and leaves no archive behind', async () => {
      const files: Record<string, string> = {};
      for (let i = 0; i < 300; i++) files[`f${i}.bin`] = 'x'.repeat(50_000);
      const root = await tree(files);
      const controller = new AbortController();
      const out = path.join(root, '..', `cancel-${path.basename(root)}.tar.gz`);
      const packing = packFolder(root, {
        signal: controller.signal,
        outFile: out,
        onProgress: (p) => {
          if (p.filesDone === 1) controller.abort();
        },
      });
      await assert.rejects(packing, (err: unknown) => err instanceof PackError && err.code === 'cancelled');
      await assert.rejects(fsp.stat(out), /ENOENT/);
    });

    it('refuses to start when already cancelled', async () => {
      const root = await tree({ 'a.txt': 'a' });
      await assert.rejects(packFolder(root, { signal: AbortSignal.abort() }), /abort/i);
    });
  });

  describe('packing in a worker thread', () => {
    // Start the worker before packing, with short runs: by default workers
    // start only after thousands of entries, and a small tree is packed
    // before one is ready.
    const saved = { ...fragmentTuning };
    beforeEach(async () => {
      Object.assign(fragmentTuning, { workersAfterEntries: 0, workerCount: 1, runEntries: 7 });
      assert.ok(await warmUpWorkers(), 'the worker script is built (out/src/core/packer/fragment-worker.js)');
    });
    afterEach(() => Object.assign(fragmentTuning, saved));

    const mixedTree = (): Record<string, string> => {
      const files: Record<string, string> = {};
      for (let i = 0; i < 300; i++) files[`d${i % 9}/f${i}.txt`] = `file ${i}\n`.repeat(i % 40);
      files['big/large.bin'] = 'L'.repeat(600_000); // streamed on the main thread, between worker-read files
      files['zz/after.txt'] = 'after the large file';
      files[`d3/${'long-name-'.repeat(12)}.txt`] = 'a name the plain header cannot hold: written on the main thread';
      files['d5/żółw.txt'] = 'non-ASCII name';
      return files;
    };

    it('packs every byte, in order, with large files and empty files in between', async function () {
      const files = mixedTree();
      const root = await tree(files);
      const fillsBefore = workerFills();
      const packed = await packFolder(root);
      try {
        assert.ok(workerFills() - fillsBefore >= 5, `runs filled by the worker: ${workerFills() - fillsBefore}`);
        const entries = await readArchive(packed.file);
        const got = new Map(entries.filter((e) => e.type === 'File').map((e) => [e.path, e.content]));
        assert.equal(got.size, Object.keys(files).length);
        for (const [name, content] of Object.entries(files)) assert.equal(got.get(`workspace/${name}`), content, name);
        let listing: string;
        try {
          listing = execFileSync('tar', ['-tvzf', packed.file], { encoding: 'utf8', maxBuffer: 1 << 24 });
        } catch {
          this.skip(); // no GNU tar on this machine
        }
        assert.equal(listing.trim().split('\n').length, entries.length);
        assert.match(listing, / 600000 .* workspace\/big\/large\.bin$/m);
      } finally {
        await packed.dispose();
      }
    });

    it('finishes on the main thread when the worker stops mid-pack', async () => {
      const files = mixedTree();
      const root = await tree(files);
      let stopped: Promise<void> | undefined;
      const fillsBefore = workerFills();
      const packed = await packFolder(root, {
        onProgress: (p) => {
          if (p.filesDone >= 40) stopped ??= stopWorkers();
        },
      });
      try {
        assert.ok(stopped, 'the workers were stopped during the pack');
        await stopped;
        assert.ok(workerFills() > fillsBefore, 'the worker took part before it stopped');
        const got = new Map((await readArchive(packed.file)).filter((e) => e.type === 'File').map((e) => [e.path, e.content]));
        for (const [name, content] of Object.entries(files)) assert.equal(got.get(`workspace/${name}`), content, name);
      } finally {
        await packed.dispose();
      }
    });

    it('keeps its process alive while only a worker is filling', async () => {
      // Idle workers never keep a process alive; a pack waiting for nothing
      // but a worker's answers must, or a plain Node process ends mid-pack.
      const root = await tree(mixedTree());
      const script = [
        `const workers = require(${JSON.stringify(path.join(__dirname, '../../../src/core/packer/fragment-workers.js'))});`,
        // One run for the whole tree, given to the (warm) worker: the main thread has nothing else to wait for.
        'Object.assign(workers.fragmentTuning, { workersAfterEntries: 0, runEntries: 100000 });',
        `const { packFolder } = require(${JSON.stringify(path.join(__dirname, '../../../src/core/packer/archive.js'))});`,
        `workers.warmUpWorkers().then(() => packFolder(${JSON.stringify(root)}))`,
        "  .then((p) => { console.log('packed', p.scan.fileCount, 'worker runs', workers.workerFills()); return p.dispose(); });",
      ].join('\n');
      const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
      const m = /packed (\d+) worker runs (\d+)/.exec(out);
      assert.ok(m, `the child process ended before the pack did: ${JSON.stringify(out)}`);
      assert.equal(Number(m[1]), Object.keys(mixedTree()).length);
      assert.ok(Number(m[2]) >= 1, `runs filled by the worker: ${m[2]}`);
    });

    it('fails naming a file removed after the scan', async () => {
      const root = await tree(mixedTree());
      const scan = await scanFolder(root);
      await fsp.rm(path.join(root, 'd4/f157.txt'));
      const fillsBefore = workerFills();
      await assert.rejects(packFolder(root, { scan }), (err: unknown) => err instanceof PackError && err.code === 'unreadable' && err.path === 'd4/f157.txt');
      assert.ok(workerFills() > fillsBefore, 'the worker took part');
    });

    it('stops when cancelled while workers read, and leaves no archive behind', async () => {
      const root = await tree(mixedTree());
      const controller = new AbortController();
      const out = path.join(root, '..', `cancel-w-${path.basename(root)}.tar.gz`);
      const packing = packFolder(root, {
        signal: controller.signal,
        outFile: out,
        onProgress: (p) => {
          if (p.filesDone >= 20) controller.abort();
        },
      });
      await assert.rejects(packing, (err: unknown) => err instanceof PackError && err.code === 'cancelled');
      await assert.rejects(fsp.stat(out), /ENOENT/);
    });
  });

  describe('ignore rules', () => {
    it('leaves out .git and node_modules by default, and says why', async () => {
      const root = await tree({ 'a.js': '', '.git/HEAD': 'ref', 'node_modules/x/index.js': '', 'sub/node_modules/y.js': '' });
      const scan = await scanFolder(root);
      assert.deepEqual(
        scan.included.map((e) => e.path),
        ['a.js', 'sub'],
      );
      assert.deepEqual(
        scan.excluded.map((e) => [e.path, e.reason]),
        [
          ['.git', 'left out by default'],
          ['node_modules', 'left out by default'],
          ['sub/node_modules', 'left out by default'],
        ],
      );
    });

    it('honours the root .gitignore', async () => {
      const root = await tree({
        '.gitignore': '*.log\nbuild/\n/only-root.txt\n',
        'a.js': '',
        'x.log': '',
        'build/o.o': '',
        'only-root.txt': '',
        'sub/only-root.txt': '',
        'sub/y.log': '',
      });
      assert.deepEqual(await includedPaths(root), ['.gitignore', 'a.js', 'sub', 'sub/only-root.txt']);
    });

    it('applies a nested .gitignore relative to its own folder only', async () => {
      const root = await tree({
        'sub/.gitignore': '/local.txt\ntmp/\n',
        'local.txt': 'kept: the rule lives in sub/',
        'sub/local.txt': 'ignored',
        'sub/deeper/local.txt': 'kept: anchored to sub/',
        'sub/tmp/t': '',
        'tmp/t': 'kept',
      });
      assert.deepEqual(await includedPaths(root), ['local.txt', 'sub', 'sub/.gitignore', 'sub/deeper', 'sub/deeper/local.txt', 'tmp', 'tmp/t']);
      const scan = await scanFolder(root);
      const why = scan.excluded.find((e) => e.path === 'sub/local.txt');
      assert.equal(why?.reason, 'ignored by "/local.txt" in sub/.gitignore');
    });

    it('lets a deeper .gitignore re-include what a parent one excluded', async () => {
      const root = await tree({ '.gitignore': '*.txt\n', 'a.txt': '', 'keep/.gitignore': '!*.txt\n', 'keep/b.txt': '' });
      assert.deepEqual(await includedPaths(root), ['.gitignore', 'keep', 'keep/.gitignore', 'keep/b.txt']);
    });

    it('honours .sphereignore at the root, over .gitignore', async () => {
      const root = await tree({ '.sphereignore': 'secret.env\n!dist/\n', '.gitignore': 'dist/\n', 'secret.env': 'K=V', 'dist/app.js': '', 'a.js': '' });
      assert.deepEqual(await includedPaths(root), ['.gitignore', '.sphereignore', 'a.js', 'dist', 'dist/app.js']);
    });

    it('brings node_modules back with !node_modules, while .git stays out without a rule of its own', async () => {
      const root = await tree({ '.sphereignore': '!node_modules\n', 'node_modules/x/index.js': 'x', '.git/HEAD': '', 'a.js': '' });
      const paths = await includedPaths(root);
      assert.ok(paths.includes('node_modules/x/index.js'), paths.join(','));
      assert.ok(!paths.some((p) => p.startsWith('.git/') || p === '.git'));
    });

    it('brings .git back with !.git (a rule can bring either built-in exclusion back)', async () => {
      const root = await tree({ '.sphereignore': '!.git\n', '.git/HEAD': 'ref: refs/heads/main\n', 'node_modules/m.js': '', 'a.js': '' });
      const paths = await includedPaths(root);
      assert.ok(paths.includes('.git/HEAD'), paths.join(','));
      assert.ok(!paths.some((p) => p.startsWith('node_modules')), paths.join(','));
    });

    it('lets a root .gitignore negation bring node_modules back too', async () => {
      const root = await tree({ '.gitignore': '!node_modules/\n', 'node_modules/m.js': '' });
      assert.ok((await includedPaths(root)).includes('node_modules/m.js'));
    });

    it('fails with a rule hint when every file is ignored', async () => {
      const root = await tree({ '.sphereignore': '*\n', 'a.py': '' });
      await assert.rejects(scanFolder(root), (err: unknown) => {
        assert.ok(err instanceof PackError);
        assert.equal(err.code, 'nothing-to-submit');
        assert.match(err.message, /nothing to submit: every file is ignored/);
        assert.match(err.message, /\.sphereignore/);
        return true;
      });
    });

    it('fails on a folder with only empty folders', async () => {
      const root = await tree({ 'empty/': '' });
      await assert.rejects(scanFolder(root), /nothing to submit/);
    });
  });

  describe('links, unreadable files, special cases', () => {
    it('keeps links pointing inside the folder as links', async () => {
      const root = await tree({ 'data/real.txt': 'content' });
      await fsp.symlink('data/real.txt', path.join(root, 'alias.txt'));
      await fsp.symlink('data', path.join(root, 'data-link'));
      const packed = await packFolder(root);
      try {
        const entries = await readArchive(packed.file);
        assert.deepEqual(
          entries.find((e) => e.path === 'workspace/alias.txt'),
          { path: 'workspace/alias.txt', type: 'SymbolicLink', linkpath: 'data/real.txt' },
        );
        assert.equal(entries.find((e) => e.path === 'workspace/data-link')?.type, 'SymbolicLink');
      } finally {
        await packed.dispose();
      }
    });

    it('fails naming a link that points outside the folder', async () => {
      const root = await tree({ 'a.txt': 'a', 'sub/b.txt': '' });
      await fsp.symlink(os.tmpdir(), path.join(root, 'sub', 'escape'));
      await assert.rejects(scanFolder(root), (err: unknown) => {
        assert.ok(err instanceof PackError);
        assert.equal(err.code, 'link-outside');
        assert.equal(err.path, 'sub/escape');
        assert.match(err.message, /Symbolic link "sub\/escape" points outside the folder/);
        return true;
      });
    });

    it('fails on a dangling link aiming outside, but not on an ignored one', async () => {
      const root = await tree({ 'a.txt': 'a', '.sphereignore': 'ignored-link\n' });
      await fsp.symlink('../../nowhere', path.join(root, 'dangling'));
      await assert.rejects(scanFolder(root), /"dangling" points outside/);
      await fsp.rm(path.join(root, 'dangling'));
      await fsp.symlink('/etc/passwd', path.join(root, 'ignored-link'));
      assert.deepEqual(await includedPaths(root), ['.sphereignore', 'a.txt']);
    });

    it('fails naming an unreadable file (chmod 000)', async function () {
      const root = await tree({ 'ok.txt': '', 'secret/locked.txt': 'x' });
      const locked = path.join(root, 'secret', 'locked.txt');
      await fsp.chmod(locked, 0o000);
      const readableAnyway = await fsp.access(locked, 4).then(
        () => true,
        () => false,
      );
      if (readableAnyway) {
        this.skip(); // Running as root: permission bits do not stop reads; the simulated case below covers the message.
      }
      await assert.rejects(scanFolder(root), (err: unknown) => err instanceof PackError && err.code === 'unreadable' && err.path === 'secret/locked.txt');
    });

    it('fails naming an unreadable file (simulated, works as root too)', async () => {
      const root = await tree({ 'ok.txt': '', 'secret/locked.txt': 'x' });
      const checkReadable = async (abs: string): Promise<void> => {
        if (abs.endsWith('locked.txt')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      };
      await assert.rejects(scanFolder(root, { checkReadable }), (err: unknown) => {
        assert.ok(err instanceof PackError);
        assert.equal(err.code, 'unreadable');
        assert.equal(err.message, 'Cannot read "secret/locked.txt" (EACCES); fix its permissions or add it to .sphereignore');
        return true;
      });
    });

    it('fails clearly when the path is not a folder', async () => {
      await assert.rejects(scanFolder(path.join(os.tmpdir(), 'no-such-folder-xyz')), /Not a folder/);
    });

    it('counts files and bytes, and checks size limits', async () => {
      const root = await tree({ 'a.bin': 'x'.repeat(100), 'b/c.bin': 'y'.repeat(50) });
      const scan = await scanFolder(root);
      assert.equal(scan.fileCount, 2);
      assert.equal(scan.totalBytes, 150);
      assert.deepEqual(checkSizeLimits(scan, { maxFileBytes: WORKSPACE_FILE_LIMIT_BYTES }), []);
      assert.deepEqual(checkSizeLimits(scan, { maxFileBytes: 60, maxTotalBytes: 120, maxFiles: 1 }), [
        'a.bin is 100 B, above the 60 B limit per file',
        'the files total 150 B, above the 120 B limit',
        '2 files, above the limit of 1',
      ]);
    });
  });

  describe('unpackTarGz', () => {
    it('extracts a packed folder from a file and from bytes', async () => {
      const root = await tree({ SE_STDOUT: 'hello\n', 'img/out.png': 'PNG' });
      const packed = await packFolder(root);
      const dest = await tree({});
      try {
        const files = await unpackTarGz(packed.file, dest);
        assert.deepEqual(files.sort(), ['workspace/SE_STDOUT', 'workspace/img/out.png']);
        assert.equal(await fsp.readFile(path.join(dest, 'workspace/img/out.png'), 'utf8'), 'PNG');
        const dest2 = path.join(dest, 'from-bytes');
        await unpackTarGz(await fsp.readFile(packed.file), dest2);
        assert.equal(await fsp.readFile(path.join(dest2, 'workspace/SE_STDOUT'), 'utf8'), 'hello\n');
      } finally {
        await packed.dispose();
      }
    });

    it('refuses entries escaping the destination and writes nothing', async () => {
      const src = await tree({ 'inner/ok.txt': 'ok', 'evil.txt': 'evil' });
      const archive = path.join(src, 'evil.tar.gz');
      // `preservePaths` lets us build the hostile archive a server could send.
      await tar.create({ gzip: true, file: archive, cwd: path.join(src, 'inner'), preservePaths: true }, ['ok.txt', '../evil.txt']);
      const dest = await tree({});
      await assert.rejects(unpackTarGz(archive, path.join(dest, 'out')), (err: unknown) => {
        assert.ok(err instanceof PackError);
        assert.equal(err.code, 'unsafe-archive-entry');
        assert.match(err.message, /"\.\.\/evil\.txt" would be written outside the destination/);
        return true;
      });
      await assert.rejects(fsp.stat(path.join(dest, 'out', 'ok.txt')), /ENOENT/);
    });

    it('refuses links pointing out of the destination', async () => {
      const src = await tree({ 'x.txt': '' });
      await fsp.symlink('/etc/passwd', path.join(src, 'pw'));
      const archive = path.join(src, '..', `${path.basename(src)}-links.tar.gz`);
      cleanups.push(archive);
      await tar.create({ gzip: true, file: archive, cwd: src }, ['pw']);
      const dest = await tree({});
      await assert.rejects(unpackTarGz(archive, dest), /"pw" links outside the destination/);
    });
  });
});
