// Compilers API v4 conformance: plain fetch against a private emulator, as any client would.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';
import { useScratch } from '../scratch';
import { json, sleep, startTestEmulator, TOKEN, type TestEmulator } from './harness';

type Body = Record<string, string | number | string[]>;

describe('compilers module (v4)', function () {
  this.timeout(120000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());
  const scratch = useScratch();

  const url = (p: string, q: Record<string, string> = {}) => emu.url('compilers', p, q);

  function postJson(body: unknown) {
    return fetch(url('/submissions'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }
  function postForm(body: Body) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) form.append(k, String(v));
    return fetch(url('/submissions'), { method: 'POST', body: form });
  }
  function postMultipart(fields: Body, files: Record<string, string | Buffer> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    for (const [name, data] of Object.entries(files)) form.append(`files[${name}]`, new Blob([data]), name);
    return fetch(url('/submissions'), { method: 'POST', body: form });
  }

  async function created(res: Response): Promise<number> {
    const body = await json(res);
    assert.equal(res.status, 201, JSON.stringify(body));
    assert.deepEqual(Object.keys(body), ['id']);
    assert.equal(typeof body.id, 'number');
    return body.id;
  }

  /** Polls until executing is false; returns the final submission and every status seen. */
  async function finalOf(id: number): Promise<{ sub: any; seen: number[] }> {
    const seen: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const res = await fetch(url(`/submissions/${id}`));
      assert.equal(res.status, 200);
      const sub = await json(res);
      if (!seen.includes(sub.result.status.code)) seen.push(sub.result.status.code);
      if (!sub.executing) return { sub, seen };
      assert.equal(sub.result.time, null, 'no time before the end');
      await sleep(20);
    }
    throw new Error(`submission ${id} never finished`);
  }

  async function stream(sub: any, name: string): Promise<Buffer> {
    const entry = sub.result.streams[name];
    assert.ok(entry, `stream ${name} present`);
    // The uri works as it is: no token added by the client.
    const res = await fetch(entry.uri);
    assert.equal(res.status, 200);
    const data = Buffer.from(await res.arrayBuffer());
    assert.equal(data.length, entry.size);
    return data;
  }

  /** The sorted entry names of a tar.gz. */
  async function entriesOf(archive: Buffer): Promise<string[]> {
    const file = path.join(scratch('se-tgz-'), 'archive.tar.gz');
    fs.writeFileSync(file, archive);
    const listed: string[] = [];
    await tar.t({ file, onReadEntry: (e) => listed.push(e.path) });
    return listed.sort();
  }

  async function expectError(res: Response, status: number, code: number) {
    const body = await json(res);
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal(body.error_code, code, JSON.stringify(body));
    assert.equal(typeof body.message, 'string');
  }

  describe('service', () => {
    it('GET /test answers with the service message', async () => {
      const res = await fetch(url('/test'));
      assert.equal(res.status, 200);
      assert.deepEqual(await json(res), { message: 'You can use Sphere Engine Compilers API.' });
    });

    it('GET /compilers lists installed languages with versions and every highlighter key', async () => {
      const res = await fetch(url('/compilers'));
      assert.equal(res.status, 200);
      const { items } = await json(res);
      const ids = items.map((c: any) => c.id);
      for (const id of [1, 11, 116, 28]) assert.ok(ids.includes(id), `compiler ${id} listed`);
      const python = items.find((c: any) => c.id === 116);
      assert.equal(python.name, 'Python 3');
      assert.equal(typeof python.short, 'string');
      assert.equal(python.versions.length, 1);
      assert.equal(python.versions[0].id, 1);
      assert.match(python.versions[0].name, /3\.\d+/);
      assert.deepEqual(Object.keys(python.highlighters).sort(), [
        'ace',
        'code_prettify',
        'codemirror',
        'geshi',
        'highlightjs',
        'highlights',
        'monaco',
        'prism',
        'pygments',
        'rouge',
      ]);
      assert.equal(python.highlighters.ace, 'python');
      assert.match(items.find((c: any) => c.id === 1).versions[0].name, /^gcc \d+\.\d+/);
    });

    it('401/1 without a token', async () => {
      const res = await fetch(url('/compilers').replace(`access_token=${TOKEN}`, ''));
      await expectError(res, 401, 1);
    });
  });

  describe('POST /submissions errors', () => {
    it('201104 without compilerId, 201101 for an unknown one or a non-number', async () => {
      await expectError(await postJson({ source: 'print(1)' }), 400, 201104);
      await expectError(await postJson({ source: 'print(1)', compilerId: 99999 }), 400, 201101);
      await expectError(await postForm({ source: 'print(1)', compilerId: 'python' }), 400, 201101);
    });

    it('201201 for an unknown compiler version', async () => {
      await expectError(await postJson({ source: 'print(1)', compilerId: 116, compilerVersionId: 999 }), 400, 201201);
      await expectError(await postForm({ source: 'print(1)', compilerId: 116, compilerVersionId: 'x' }), 400, 201201);
    });

    it('201304 without source (or with an empty one)', async () => {
      await expectError(await postJson({ compilerId: 116 }), 400, 201304);
      await expectError(await postForm({ compilerId: 116, source: '' }), 400, 201304);
    });

    it('201306 for a source over 64 KiB, 201406 for input over 1 MiB', async () => {
      await expectError(await postJson({ compilerId: 116, source: '#'.repeat(64 * 1024 + 1) }), 400, 201306);
      await expectError(await postJson({ compilerId: 116, source: 'print(1)', input: 'x'.repeat(1024 * 1024 + 1) }), 400, 201406);
    });

    it('201906 for a time limit out of 1..60 s, 202006 for a memory limit out of range', async () => {
      for (const timeLimit of [0, 61, 'abc']) {
        await expectError(await postForm({ compilerId: 116, source: 'print(1)', timeLimit }), 400, 201906);
      }
      for (const memoryLimit of [100, 5 * 1024 * 1024, 'lots']) {
        await expectError(await postForm({ compilerId: 116, source: 'print(1)', memoryLimit }), 400, 202006);
      }
    });

    it('201107 for a multi-file submission to a language without multi-file mode (Text)', async () => {
      await expectError(await postMultipart({ compilerId: 62, source: '' }, { 'prog.txt': 'hello' }), 400, 201107);
    });

    it('1003 when the source archive cannot be unpacked', async () => {
      const broken = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.from('definitely not gzip')]);
      const form = new FormData();
      form.append('compilerId', '116');
      form.append('source', new Blob([broken]), 'source.tar.gz');
      await expectError(await fetch(url('/submissions'), { method: 'POST', body: form }), 400, 1003);
    });

    it('402/2 when the submission pool is empty; creating uses it up', async () => {
      const setPool = (remaining: number | null) =>
        fetch(url('/__emulator/pool'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ remaining }) });
      try {
        assert.equal((await setPool(1)).status, 200);
        await created(await postJson({ compilerId: 116, source: 'print(1)' }));
        await expectError(await postJson({ compilerId: 116, source: 'print(1)' }), 402, 2);
      } finally {
        await setPool(null);
      }
      await created(await postJson({ compilerId: 116, source: 'print(1)' }));
    });
  });

  describe('runs', () => {
    it('Python with input: waiting/compilation/execution then 15 accepted, streams by uri', async () => {
      const id = await created(await postJson({ compilerId: 116, source: 'import sys\nprint(sys.stdin.read().upper(), end="")', input: 'hello input' }));
      const { sub, seen } = await finalOf(id);
      assert.equal(sub.id, id);
      assert.equal(sub.executing, false);
      assert.deepEqual(sub.result.status, { code: 15, name: 'accepted' });
      assert.ok(
        seen.every((code, i) => i === 0 || code > seen[i - 1]),
        `statuses only move forward: ${seen}`,
      );
      assert.match(sub.date, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00$/);
      assert.deepEqual(sub.compiler, { id: 116, name: 'Python 3', version: sub.compiler.version });
      assert.equal(sub.compiler.version.id, 1);
      assert.equal(typeof sub.result.time, 'number');
      assert.ok(sub.result.memory > 0);
      assert.equal(sub.result.signal, 0);
      assert.equal(sub.result.signal_desc, '');
      assert.equal((await stream(sub, 'output')).toString(), 'HELLO INPUT');
      assert.equal((await stream(sub, 'input')).toString(), 'hello input');
      assert.match((await stream(sub, 'source')).toString(), /sys\.stdin\.read/);
      assert.equal(sub.result.streams.error, null);
      assert.equal(sub.result.streams.cmpinfo, null);
    });

    it('the first GET after creation shows a non-final status with executing true', async () => {
      const id = await created(await postJson({ compilerId: 116, source: 'import time\ntime.sleep(0.5)' }));
      const sub = await json(await fetch(url(`/submissions/${id}`)));
      assert.equal(sub.executing, true);
      assert.ok([0, 1, 3].includes(sub.result.status.code));
      assert.equal(sub.result.memory, null);
      assert.equal(sub.result.signal, null);
      await finalOf(id);
    });

    it('C++ compile error: 11 with the compiler messages in cmpinfo', async () => {
      const id = await created(await postForm({ compilerId: 1, source: 'int main() { return undefined_name; }' }));
      const { sub } = await finalOf(id);
      assert.deepEqual(sub.result.status, { code: 11, name: 'compilation error' });
      assert.match((await stream(sub, 'cmpinfo')).toString(), /undefined_name/);
      assert.equal(sub.result.streams.output, null);
    });

    it('time limit: 13', async () => {
      const id = await created(await postJson({ compilerId: 116, source: 'while True:\n    pass', timeLimit: 1 }));
      const { sub } = await finalOf(id);
      assert.deepEqual(sub.result.status, { code: 13, name: 'time limit exceeded' });
      assert.equal(sub.result.time, 1);
    });

    it('runtime error with a signal: 12 with SIGSEGV', async () => {
      const id = await created(await postJson({ compilerId: 11, source: '#include <stdio.h>\nint main(void) { volatile int *p = 0; *p = 1; return 0; }' }));
      const { sub } = await finalOf(id);
      assert.deepEqual(sub.result.status, { code: 12, name: 'runtime error' });
      assert.equal(sub.result.signal, 11);
      assert.equal(sub.result.signal_desc, 'SIGSEGV');
    });

    it('runtime error by exit code: 12 with NZEC, stderr in the error stream', async () => {
      const id = await created(await postJson({ compilerId: 116, source: 'import sys\nsys.stderr.write("bad thing\\n")\nsys.exit(3)' }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 12);
      assert.equal(sub.result.signal, -1);
      assert.equal(sub.result.signal_desc, 'NZEC');
      assert.equal((await stream(sub, 'error')).toString(), 'bad thing\n');
    });

    it('memory limit: an allocation over it fails when made (12, or 17 where the limit was seen hit), never 13', async () => {
      const source = 'import time\nb = bytearray(300 * 1024 * 1024)\nfor i in range(0, len(b), 4096): b[i] = 1\ntime.sleep(2)';
      const id = await created(await postJson({ compilerId: 116, source, memoryLimit: 65536 }));
      const { sub } = await finalOf(id);
      assert.ok([12, 17].includes(sub.result.status.code), JSON.stringify(sub.result.status));
      assert.ok(sub.result.time < 1, `ended at the allocation, not by a limit later: ${sub.result.time} s`);
    });

    it('Java: a single source is saved under its public class name', async () => {
      const source =
        'import java.util.*;\npublic class Solution {\n  public static void main(String[] args) {\n    System.out.println(new Scanner(System.in).nextInt() * 2);\n  }\n}\n';
      const id = await created(await postJson({ compilerId: 10, source, input: '21' }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 15, (await stream(sub, 'cmpinfo').catch(() => Buffer.from(''))).toString());
      assert.equal((await stream(sub, 'output')).toString(), '42\n');
    });
  });

  // The service shows its own paths, never where this emulator keeps its data (the issue's
  // traceback named …/.emulator-data/compilers/submissions/2/work/prog.py).
  describe('paths in what programs print', () => {
    const dataDirIn = (text: string) => text.includes(emu.dataDir) || text.includes(fs.realpathSync(emu.dataDir));

    it('a Python traceback names /sandbox/prog.py, not the data directory', async () => {
      const id = await created(await postJson({ compilerId: 116, source: 'import os\nprint(os.getcwd(), os.environ["HOME"])\nraise ValueError("boom")' }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 12);
      const error = (await stream(sub, 'error')).toString();
      assert.match(error, /File "\/sandbox\/prog\.py", line 3/);
      assert.ok(!dataDirIn(error), error);
      assert.equal((await stream(sub, 'output')).toString(), '/sandbox /sandbox\n');
    });

    it('C: a compile error names prog.c as the service does, a program runs in /sandbox', async () => {
      // gcc gets relative names, so its messages name prog.c; the data directory must never appear.
      const broken = await finalOf(await created(await postJson({ compilerId: 11, source: 'int main(void) { return undefined_name; }\n' })));
      assert.equal(broken.sub.result.status.code, 11);
      const cmpinfo = (await stream(broken.sub, 'cmpinfo')).toString();
      assert.match(cmpinfo, /^prog\.c:1:\d+: error: .*undefined_name/m);
      assert.ok(!dataDirIn(cmpinfo), cmpinfo);
      const source = '#include <stdio.h>\n#include <unistd.h>\nint main(void) { char b[4096]; puts(getcwd(b, sizeof b)); return 0; }\n';
      const { sub } = await finalOf(await created(await postJson({ compilerId: 11, source })));
      assert.equal(sub.result.status.code, 15);
      assert.equal((await stream(sub, 'output')).toString(), '/sandbox\n');
    });
  });

  describe('multi-file mode', () => {
    const main = '#include <iostream>\n#include "lib/util.hpp"\nint main() { int a; std::cin >> a; std::cout << twice(a) << "\\n"; }\n';
    const header = 'int twice(int x);\n';
    const impl = '#include "util.hpp"\nint twice(int x) { return 2 * x; }\n';

    it('C++ via files[...] parts as the official clients send them (source empty)', async () => {
      const id = await created(await postMultipart({ compilerId: 1, source: '', input: '21' }, { 'prog.cpp': main, 'lib/util.hpp': header, 'lib/util.cpp': impl }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 15);
      assert.equal((await stream(sub, 'output')).toString(), '42\n');
      // The source stream of a files[] submission is an archive of those files.
      assert.deepEqual(await entriesOf(await stream(sub, 'source')), ['lib/util.cpp', 'lib/util.hpp', 'prog.cpp']);
    });

    it('C++ via a tar.gz in source', async () => {
      const dir = scratch('se-mf-');
      fs.mkdirSync(path.join(dir, 'lib'));
      fs.writeFileSync(path.join(dir, 'main.cpp'), main);
      fs.writeFileSync(path.join(dir, 'lib/util.hpp'), header);
      fs.writeFileSync(path.join(dir, 'lib/util.cpp'), impl);
      const archive = path.join(dir, 'source.tar.gz');
      await tar.c({ gzip: true, cwd: dir, file: archive }, ['main.cpp', 'lib']);
      const form = new FormData();
      form.append('compilerId', '1');
      form.append('input', '5');
      form.append('source', new Blob([fs.readFileSync(archive)]), 'source.tar.gz');
      const id = await created(await fetch(url('/submissions'), { method: 'POST', body: form }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 15);
      assert.equal((await stream(sub, 'output')).toString(), '10\n');
    });

    it('a missing entry file is a compilation error that says what is missing', async () => {
      const id = await created(await postMultipart({ compilerId: 116, source: '' }, { 'main.py': 'print(1)' }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 11);
      assert.match((await stream(sub, 'cmpinfo')).toString(), /prog\.py/);
    });

    it('output_filenames: the output stream is a tar.gz with the files and ENGINE_STDOUT', async () => {
      const source = 'import os\nos.makedirs("out", exist_ok=True)\nopen("a.txt", "w").write("A")\nopen("out/b.log", "w").write("B")\nprint("stdout here")';
      const id = await created(await postJson({ compilerId: 116, source, output_filenames: 'a.txt;out/b.log;missing.txt' }));
      const { sub } = await finalOf(id);
      assert.equal(sub.result.status.code, 15);
      const dir = scratch('se-of-');
      fs.writeFileSync(path.join(dir, 'output.tar.gz'), await stream(sub, 'output'));
      await tar.x({ file: path.join(dir, 'output.tar.gz'), cwd: dir });
      assert.equal(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8'), 'A');
      assert.equal(fs.readFileSync(path.join(dir, 'out/b.log'), 'utf8'), 'B');
      assert.equal(fs.readFileSync(path.join(dir, 'ENGINE_STDOUT'), 'utf8'), 'stdout here\n');
      assert.equal(fs.existsSync(path.join(dir, 'missing.txt')), false);
    });

    it('output_filenames as an array', async () => {
      const id = await created(await postJson({ compilerId: 28, source: 'echo x > one.txt; echo y > two.txt', output_filenames: ['one.txt', 'two.txt'] }));
      const { sub } = await finalOf(id);
      assert.deepEqual(await entriesOf(await stream(sub, 'output')), ['ENGINE_STDOUT', 'one.txt', 'two.txt']);
    });
  });

  describe('reading submissions', () => {
    let ids: number[];
    before(async () => {
      ids = [];
      for (const n of [1, 2, 3]) ids.push(await created(await postForm({ compilerId: 28, source: `echo ${n}` })));
      for (const id of ids) await finalOf(id);
    });

    it('GET /submissions?ids= lists ascending, with uri and signal_desc, without streams', async () => {
      const res = await fetch(url('/submissions', { ids: `${ids[2]},${ids[0]},999999,${ids[1]}` }));
      assert.equal(res.status, 200);
      const { items } = await json(res);
      assert.deepEqual(
        items.map((i: any) => i.id),
        ids,
      );
      for (const item of items) {
        assert.equal(item.result.streams, undefined);
        assert.equal(item.result.signal_desc, '');
        assert.equal(item.executing, false);
        const full = await json(await fetch(item.uri));
        assert.equal(full.id, item.id);
      }
    });

    it('205104 without ids, 205105 for a bad list, 205106 for more than 20', async () => {
      await expectError(await fetch(url('/submissions')), 400, 205104);
      await expectError(await fetch(url('/submissions', { ids: '1,abc' })), 400, 205105);
      const many = Array.from({ length: 21 }, (_, i) => String(i + 1)).join(',');
      await expectError(await fetch(url('/submissions', { ids: many })), 400, 205106);
      assert.equal((await fetch(url('/submissions', { ids: Array.from({ length: 20 }, (_, i) => String(i + 1)).join(',') }))).status, 200);
    });

    it('raw streams: GET /submissions/{id}/{stream}; 404 JSON for unknown streams and submissions', async () => {
      const res = await fetch(url(`/submissions/${ids[0]}/output`));
      assert.equal(res.status, 200);
      assert.equal(await res.text(), '1\n');
      assert.equal((await fetch(url(`/submissions/${ids[0]}/cmpinfo`))).status, 200);
      await expectError(await fetch(url(`/submissions/${ids[0]}/debug`)), 404, 404);
      await expectError(await fetch(url('/submissions/999999')), 404, 404);
      await expectError(await fetch(url('/submissions/999999/output')), 404, 404);
    });
  });

  describe('request shapes', () => {
    it('urlencoded with no files, as the official clients send single sources', async () => {
      const id = await created(await postForm({ compilerId: 116, compilerVersionId: 1, source: 'print(input())', input: 'form', timeLimit: 5 }));
      const { sub } = await finalOf(id);
      assert.equal((await stream(sub, 'output')).toString(), 'form\n');
    });

    it('multipart with plain fields', async () => {
      const id = await created(await postMultipart({ compilerId: 116, source: 'print(input())', input: 'multi' }));
      const { sub } = await finalOf(id);
      assert.equal((await stream(sub, 'output')).toString(), 'multi\n');
    });

    it('JSON with numbers and a null memoryLimit (null is absent)', async () => {
      const id = await created(await postJson({ compilerId: 116, source: 'print(input())', input: 'json', memoryLimit: null }));
      const { sub } = await finalOf(id);
      assert.equal((await stream(sub, 'output')).toString(), 'json\n');
    });
  });

  describe('polling protection', () => {
    let guarded: TestEmulator;
    before(async () => {
      guarded = await startTestEmulator({ pollMinIntervalMs: 300 });
    });
    after(() => guarded.close());

    it('refuses a second GET of one submission that comes too soon, accepts spaced ones', async () => {
      const res = await fetch(guarded.url('compilers', '/submissions'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ compilerId: 116, source: 'print(1)' }),
      });
      const { id } = await json(res);
      assert.equal((await fetch(guarded.url('compilers', `/submissions/${id}`))).status, 200);
      const second = await fetch(guarded.url('compilers', `/submissions/${id}`));
      assert.equal(second.status, 403);
      await sleep(400);
      assert.equal((await fetch(guarded.url('compilers', `/submissions/${id}`))).status, 200);
    });
  });

  describe('restart', () => {
    it('a run interrupted by a restart ends as 20 internal error', async () => {
      const dataDir = scratch('se-restart-');
      const first = await startTestEmulator({ dataDir });
      const res = await fetch(first.url('compilers', '/submissions'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ compilerId: 116, source: 'import time\ntime.sleep(30)', timeLimit: 40 }),
      });
      const { id } = await json(res);
      for (let i = 0; i < 200; i++) {
        const sub = await json(await fetch(first.url('compilers', `/submissions/${id}`)));
        if (sub.result.status.code === 3) break;
        await sleep(20);
      }
      await first.close();
      const second = await startTestEmulator({ dataDir });
      try {
        const sub = await json(await fetch(second.url('compilers', `/submissions/${id}`)));
        assert.equal(sub.executing, false);
        assert.deepEqual(sub.result.status, { code: 20, name: 'internal error' });
        assert.equal(
          (
            await json(
              await fetch(second.url('compilers', '/submissions'), {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ compilerId: 116, source: 'print(1)' }),
              }),
            )
          ).id,
          id + 1,
          'ids continue after a restart',
        );
      } finally {
        await second.close();
      }
    });

    it('unpacks archives inside its data directory, and a start empties what a killed one left there', async () => {
      const dataDir = scratch('se-scratch-');
      const left = path.join(dataDir, 'compilers-scratch', 'se-unpack-killed');
      fs.mkdirSync(left, { recursive: true });
      fs.writeFileSync(path.join(left, 'main.py'), 'print(1)');
      const again = await startTestEmulator({ dataDir });
      try {
        assert.equal(fs.existsSync(left), false, 'the leftover is gone');
        assert.deepEqual(fs.readdirSync(path.join(dataDir, 'compilers-scratch')), [], 'the scratch folder is there, empty');
      } finally {
        await again.close();
      }
    });
  });
});
