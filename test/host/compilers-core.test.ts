// The compilers feature's vscode-free core: limits checked before sending, compiler choice,
// output comparison, the folder body (parts or a top-level tar.gz, entry-file rule first), the
// many-inputs wait (at most 20 ids a call, at the 2 s rhythm) and the run framing. No `vscode`
// import: runs in the host suite and in plain Node (`npx mocha out/test/host/compilers-core.test.js`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';
import type { CompilersSubmission } from '../../src/api';
import { chunkIds, runBatch } from '../../src/core/compilers/batch';
import { CompilerCatalog } from '../../src/features/compilers/catalog';
import {
  checkLimits,
  checkPayloadSizes,
  compareOutputs,
  type CompilersApi,
  describeDifference,
  describeSignal,
  expectedOutputFile,
  FolderSourceError,
  formatDone,
  formatRunning,
  guessFolderCompiler,
  inputFilesIn,
  limitsFromSettings,
  MAX_PART_FILES,
  parseOutputFilenames,
  prepareFolderSource,
  siblingInputFile,
  unpackOutputArchive,
} from '../../src/core/compilers';
import { checkChoice, chooseCompiler, readOverride } from '../../src/core/languages/compiler-choice';
import { LANGUAGES } from '../../src/core/languages';
import { useScratch } from '../scratch';

const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'compilers');

function submission(id: number, code: number, executing = false): CompilersSubmission {
  return {
    id,
    executing,
    date: '2026-01-01 00:00:00 +00:00',
    compiler: { id: 116, name: 'Python 3', version: { id: 1, name: '3.11' } },
    result: { status: { code, name: executing ? 'execution' : 'accepted' }, time: 0.01, memory: 2048, signal: 0, signal_desc: null },
  };
}

describe('compilers core', () => {
  const scratch = useScratch();
  describe('limits', () => {
    it('refuses a time limit out of range and names the setting', () => {
      const [problem] = checkLimits({ timeLimit: 0.5 });
      assert.match(problem, /time limit 0\.5 s is out of range/);
      assert.match(problem, /sphereEngine\.compilers\.timeLimit/);
      assert.equal(checkLimits({ timeLimit: 61 }).length, 1);
      assert.deepEqual(checkLimits({ timeLimit: 5, memoryLimit: 262144 }), []);
    });

    it('refuses a memory limit out of range', () => {
      assert.match(checkLimits({ memoryLimit: 10 })[0], /memory limit 10 KB/);
    });

    it('treats 0 in settings as "the service default"', () => {
      assert.deepEqual(limitsFromSettings(0, 0), { timeLimit: undefined, memoryLimit: undefined });
      assert.deepEqual(limitsFromSettings(3, 65536), { timeLimit: 3, memoryLimit: 65536 });
    });

    it('refuses a source or input above 16 MiB before sending', () => {
      assert.match(checkPayloadSizes({ sourceBytes: 17 * 1024 * 1024 })[0], /source is 17\.0 MiB/);
      assert.match(checkPayloadSizes({ inputBytes: 17 * 1024 * 1024 })[0], /input is 17\.0 MiB/);
      assert.deepEqual(checkPayloadSizes({ sourceBytes: 10, inputBytes: 10 }), []);
    });
  });

  describe('compiler choice', () => {
    it('maps language ids and extensions through the table', () => {
      assert.equal(chooseCompiler({ languageId: 'python', fileName: 'a.py' }, undefined)?.compilerId, 116);
      assert.equal(chooseCompiler({ languageId: 'cpp', fileName: 'a.cpp' }, undefined)?.compilerId, 1);
      assert.equal(chooseCompiler({ languageId: 'plaintext', fileName: 'a.go' }, undefined)?.source, 'extension');
      assert.equal(chooseCompiler({ languageId: 'plaintext', fileName: 'notes.txt' }, undefined), undefined);
    });

    it('lets a per-language override win, with its version', () => {
      const catalog = [{ id: 99, name: 'Python (PyPy)', short: 'pypy', versions: [{ id: 2, name: 'PyPy 7.3' }] }];
      const choice = chooseCompiler({ languageId: 'python', fileName: 'a.py' }, { python: { compilerId: 99, versionId: 2 } }, catalog);
      assert.deepEqual({ id: choice?.compilerId, version: choice?.versionId, label: choice?.label }, { id: 99, version: 2, label: 'Python (PyPy) (PyPy 7.3)' });
      assert.deepEqual(readOverride({ python: 4 }, 'python'), { compilerId: 4 });
      assert.equal(readOverride({ python: 'x' }, 'python'), undefined);
    });

    it('names an unknown compiler or version against the account list', () => {
      const catalog = [{ id: 116, name: 'Python 3', short: 'py', versions: [{ id: 1, name: '3.11' }] }];
      assert.match(checkChoice({ compilerId: 5, label: 'compiler 5', source: 'argument' }, catalog)!, /not offered/);
      assert.match(checkChoice({ compilerId: 116, versionId: 9, label: 'Python 3', source: 'argument' }, catalog)!, /no version 9 \(available: 1 3\.11\)/);
      assert.equal(checkChoice({ compilerId: 116, label: 'Python 3', source: 'language' }, catalog), undefined);
      assert.equal(checkChoice({ compilerId: 5, label: 'x', source: 'argument' }, undefined), undefined);
    });

    it('caches GET /compilers per endpoint and refreshes on demand', async () => {
      let calls = 0;
      const stored = new Map<string, unknown>();
      const store = { get: <T>(k: string) => stored.get(k) as T, update: async (k: string, v: unknown) => void stored.set(k, v) };
      const catalog = new CompilerCatalog(async () => [{ id: ++calls, name: 'x', short: 'x', versions: [] }], store);
      assert.equal((await catalog.list('https://a'))[0].id, 1);
      assert.equal((await catalog.list('https://a'))[0].id, 1, 'second call served from the cache');
      assert.equal((await catalog.list('https://b'))[0].id, 2, 'another endpoint asks again');
      assert.equal((await catalog.list('https://b', { refresh: true }))[0].id, 3);
      assert.equal(new CompilerCatalog(async () => [], store).cached('https://b')?.[0].id, 3, 'a new window reads the stored list');
    });
  });

  describe('comparing outputs', () => {
    it('ignores trailing spaces and final blank lines, names the first different line', () => {
      assert.equal(compareOutputs('1\n2\n', '1  \n2\n\n').same, true);
      const c = compareOutputs('1\n2\n', '1\n3\n');
      assert.deepEqual(c, { same: false, line: 2, expected: '2', actual: '3' });
      assert.equal(describeDifference(c), 'differs at line 2: expected "2", got "3"');
      assert.equal(compareOutputs('1\n2\n', '1\n').actual, '<end of output>');
    });
  });

  describe('inputs on disk', () => {
    it('finds <name>.in, every *.in in natural order and <name>.out', async () => {
      assert.equal(await siblingInputFile(path.join(FIXTURES, 'python-input', 'greet.py')), path.join(FIXTURES, 'python-input', 'greet.in'));
      assert.equal(await siblingInputFile(path.join(FIXTURES, 'time-limit', 'forever.py')), undefined);
      const inputs = await inputFilesIn(path.join(FIXTURES, 'many-inputs'));
      assert.deepEqual(
        inputs.map((f) => path.basename(f)),
        ['1.in', '2.in', '3.in'],
      );
      assert.equal(await expectedOutputFile(inputs[1]), path.join(FIXTURES, 'many-inputs', '2.out'));
    });
  });

  describe('folder submissions', () => {
    it('guesses C++ from the top-level sources', () => {
      assert.equal(guessFolderCompiler(['main.cpp', 'geometry.cpp', 'geometry.hpp', 'README.md']), 1);
      assert.equal(guessFolderCompiler(['prog.py', 'lib/x.cpp']), 116);
    });

    it('sends few files as files[<name>] parts', async () => {
      const source = await prepareFolderSource(path.join(FIXTURES, 'multi-file-cpp'), 1);
      try {
        assert.equal(source.mode, 'parts');
        assert.deepEqual(Object.keys(source.parts!).sort(), ['geometry.cpp', 'geometry.hpp', 'main.cpp']);
      } finally {
        await source.dispose();
      }
    });

    it('sends a tar.gz with the files at its top level (no workspace/ root)', async () => {
      const source = await prepareFolderSource(path.join(FIXTURES, 'multi-file-cpp'), 1, { forceArchive: true });
      try {
        assert.equal(source.mode, 'archive');
        const names: string[] = [];
        await tar.t({ file: source.archivePath!, onReadEntry: (e) => void names.push(e.path) });
        assert.deepEqual(names.sort(), ['geometry.cpp', 'geometry.hpp', 'main.cpp']);
      } finally {
        await source.dispose();
      }
      assert.equal(fs.existsSync(source.archivePath!), false, 'the temporary archive is removed');
    });

    it('switches to an archive above the parts limit', async () => {
      const dir = scratch('compilers-many-');
      fs.writeFileSync(path.join(dir, 'prog.py'), 'print(1)\n');
      for (let i = 0; i < MAX_PART_FILES; i++) fs.writeFileSync(path.join(dir, `m${i}.py`), '');
      const source = await prepareFolderSource(dir, 116);
      await source.dispose();
      assert.equal(source.mode, 'archive');
    });

    it('never sends the output files of earlier runs (.sphere-output/)', async () => {
      const dir = scratch('compilers-rerun-');
      fs.writeFileSync(path.join(dir, 'prog.py'), 'print(1)\n');
      fs.mkdirSync(path.join(dir, '.sphere-output', 'prog-1'), { recursive: true });
      fs.writeFileSync(path.join(dir, '.sphere-output', 'prog-1', 'result.txt'), 'old\n');
      const source = await prepareFolderSource(dir, 116);
      await source.dispose();
      assert.deepEqual(source.files, ['prog.py']);
      assert.equal(source.scan.fileCount, 1);
    });

    it('refuses a folder without its entry file, naming it', async () => {
      await assert.rejects(prepareFolderSource(path.join(FIXTURES, 'missing-entry'), 116), (err: unknown) => {
        assert.ok(err instanceof FolderSourceError);
        assert.match(err.message, /Python 3 needs prog\.py at the top level/);
        return true;
      });
    });
  });

  describe('output files', () => {
    it('parses names from a string or a list', () => {
      assert.deepEqual(parseOutputFilenames(' a.txt; out/b.png ;'), ['a.txt', 'out/b.png']);
      assert.deepEqual(parseOutputFilenames(['x', ' ']), ['x']);
      assert.deepEqual(parseOutputFilenames(undefined), []);
    });

    it('unpacks the archive, reads the stdout file and names missing files', async () => {
      const src = scratch('compilers-out-src-');
      fs.writeFileSync(path.join(src, 'result.txt'), 'ok\n');
      fs.writeFileSync(path.join(src, 'SE_STDOUT'), 'hello\n');
      const archive = path.join(scratch('compilers-out-archive-'), 'output.tar.gz');
      await tar.c({ gzip: true, cwd: src, file: archive }, ['result.txt', 'SE_STDOUT']);
      const dest = scratch('compilers-out-dest-');
      const unpacked = await unpackOutputArchive(fs.readFileSync(archive), dest, ['result.txt', 'plot.png']);
      assert.equal(unpacked.stdout, 'hello\n');
      assert.deepEqual(unpacked.missing, ['plot.png']);
      assert.equal(fs.readFileSync(path.join(dest, 'result.txt'), 'utf8'), 'ok\n');
    });
  });

  describe('many inputs', () => {
    it('splits ids into groups of at most 20', () => {
      const ids = Array.from({ length: 45 }, (_, i) => i + 1);
      assert.deepEqual(
        chunkIds(ids).map((c) => c.length),
        [20, 20, 5],
      );
    });

    it('posts once per input, waits with GET /submissions?ids= in groups of 20 at the 2 s rhythm', async () => {
      let nextId = 1;
      let round = 0;
      const listCalls: number[][] = [];
      const sleeps: number[] = [];
      const fake: CompilersApi = {
        createSubmission: async () => ({ id: nextId++ }),
        getSubmission: async () => assert.fail('a batch must not poll submissions one by one'),
        getSubmissions: async (ids) => {
          listCalls.push([...ids]);
          return { items: ids.map((id) => submission(id, round >= 2 ? 15 : 3, round < 2)) };
        },
        getSubmissionStream: async (id, stream) => Buffer.from(stream === 'output' ? `${id}\n` : ''),
      };
      const items = Array.from({ length: 25 }, (_, i) => ({ label: `${i}.in`, input: String(i) }));
      const results = await runBatch(fake, { source: 'x', compilerId: 116 }, items, {
        sleep: async (ms) => {
          sleeps.push(ms);
          round++;
        },
      });
      assert.equal(results.length, 25);
      assert.ok(
        listCalls.every((ids) => ids.length <= 20),
        'no call with more than 20 ids',
      );
      assert.ok(
        sleeps.every((ms) => ms === 2000),
        `waits ${sleeps}`,
      );
      assert.equal(results[24].streams?.output?.toString(), '25\n');
    });

    it('stops posting after 402 (empty pool) and reports it for the rest', async () => {
      let posts = 0;
      const fake: CompilersApi = {
        createSubmission: async () => {
          posts++;
          throw Object.assign(new Error('pool empty'), { status: 402 });
        },
        getSubmission: async () => assert.fail(),
        getSubmissions: async () => assert.fail(),
        getSubmissionStream: async () => assert.fail(),
      };
      const results = await runBatch(
        fake,
        { source: 'x', compilerId: 116 },
        [
          { label: 'a', input: '' },
          { label: 'b', input: '' },
        ],
        { sleep: async () => undefined },
      );
      assert.equal(posts, 1);
      assert.ok(results.every((r) => r.error));
    });
  });

  describe('manifest', () => {
    it('shows the run button for exactly the languages of the mapping table (before activation too)', () => {
      const manifest = JSON.parse(fs.readFileSync(path.resolve(FIXTURES, '..', '..', '..', 'package.json'), 'utf8'));
      const title = manifest.contributes.menus['editor/title'].find((m: { command: string }) => m.command === 'sphereEngine.compilers.runActiveFile');
      assert.ok(title, 'no editor/title entry for Run Active File');
      const regex = /editorLangId =~ \/\^\(([^)]*)\)\$\//.exec(title.when)?.[1];
      assert.ok(regex, `no language regex in ${title.when}`);
      const tableIds = [...new Set(LANGUAGES.flatMap((l) => l.languageIds))].sort();
      assert.deepEqual(regex.split('|').sort(), tableIds);
      assert.match(title.when, /editorLangId in sphereEngine\.compilers\.languageIds/, 'overridden languages get the button too');
    });
  });

  describe('run framing', () => {
    it('frames a run with [Running] and [Done] lines', () => {
      assert.equal(formatRunning({ what: 'a.py', compiler: 'Python 3', inputLabel: 'a.in', timeLimit: 5 }), '[Running] a.py with Python 3, input from a.in, time limit 5 s');
      const done = formatDone({ ...submission(7, 12), result: { status: { code: 12, name: 'runtime error' }, time: 0.01, memory: 3300, signal: 11, signal_desc: null } });
      assert.match(done, /^\[Done\] runtime error, time 0\.01 s, memory 3\.2 MB, signal 11 \(SIGSEGV: segmentation fault/);
      assert.match(done, /submission 7/);
    });

    it('describes signals with and without the service description', () => {
      assert.equal(describeSignal(0, null), undefined);
      assert.match(describeSignal(11, 'SIGSEGV')!, /^11 \(SIGSEGV: segmentation fault/);
      assert.equal(describeSignal(-1, 'NZEC'), undefined, 'a non-zero exit is no signal (issue 40 item 8)');
    });
  });
});
