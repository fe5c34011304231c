// Problems v4 conformance over plain HTTP: problems, test cases, judges, judged submissions.
import * as assert from 'node:assert/strict';
import { useScratch } from '../scratch';
import { json, sleep, startTestEmulator, type TestEmulator } from './harness';
import { LANGUAGES } from '../../emulator/languages/table';

const PY = 116;
const CPP = 1;

/** Reads "N" then N pairs and prints the sums (fast: bulk read). */
const ADD_OK = [
  'import sys',
  'd = sys.stdin.buffer.read().split()',
  'n = int(d[0])',
  'sys.stdout.write("".join(str(int(d[1 + 2 * i]) + int(d[2 + 2 * i])) + "\\n" for i in range(n)))',
].join('\n');

type Body = Record<string, string | number | boolean>;
type Kind = 'json' | 'form' | 'multipart';

function encode(body: Body, kind: Kind): RequestInit {
  if (kind === 'json') return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  if (kind === 'form') {
    return { body: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])) };
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, String(v));
  return { body: form };
}

describe('problems module (v4)', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  const url = (p: string, q?: Record<string, string>) => emu.url('problems', p, q);
  const get = async (p: string, q?: Record<string, string>) => {
    const res = await fetch(url(p, q));
    return { status: res.status, body: await json(res) };
  };
  const send = async (method: string, p: string, body: Body, kind: Kind = 'json') => {
    const res = await fetch(url(p), { method, ...encode(body, kind) });
    return { status: res.status, body: await json(res) };
  };
  const expectError = async (r: Promise<{ status: number; body: any }>, status: number, code: number) => {
    const { status: s, body } = await r;
    assert.equal(s, status, JSON.stringify(body));
    assert.equal(body.error_code, code, JSON.stringify(body));
    assert.equal(typeof body.message, 'string');
  };
  const submit = async (body: Body, kind: Kind = 'json') => {
    const r = await send('POST', '/submissions', body, kind);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(typeof r.body.id, 'number');
    return r.body.id as number;
  };
  const finished = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const { status, body } = await get(`/submissions/${id}`);
      assert.equal(status, 200);
      if (!body.executing) return body;
      await sleep(100);
    }
    throw new Error(`submission ${id} never finished`);
  };
  const codes = (sub: any) => sub.result.testcases.map((t: any) => t.status.code);

  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  describe('basics', () => {
    it('GET /test answers a message', async () => {
      const r = await get('/test');
      assert.equal(r.status, 200);
      assert.match(r.body.message, /Problems API/);
    });

    it('GET /compilers lists Python 3 with versions', async () => {
      const r = await get('/compilers');
      const py = r.body.items.find((c: any) => c.id === PY);
      assert.ok(py, 'Python 3 listed');
      assert.ok(Array.isArray(py.versions) && py.versions.length > 0);
    });
  });

  describe('problems', () => {
    it('lists own problems with v4 paging (next/prev links that work)', async () => {
      const first = await get('/problems', { limit: '2' });
      assert.equal(first.status, 200);
      assert.deepEqual(
        first.body.items.map((p: any) => p.code),
        ['ADDTWO', 'ECHO'],
      );
      assert.equal(first.body.paging.limit, 2);
      assert.equal(first.body.paging.offset, 0);
      assert.equal(first.body.paging.prev, null);
      assert.equal(typeof first.body.paging.next, 'string');
      const second = await json(await fetch(first.body.paging.next));
      assert.ok(second.items.some((p: any) => p.code === 'AVERAGE'));
      assert.equal(typeof second.paging.prev, 'string');
      assert.ok(!second.items.some((p: any) => p.code === 'FOREIGN'), "another account's problem is not listed");
      await expectError(get('/problems', { limit: 'x' }), 400, 10);
    });

    it('GET /problems/{id} has the v4 shape; the code is accepted too', async () => {
      const { status, body } = await get('/problems/1');
      assert.equal(status, 200);
      assert.equal(body.id, 1);
      assert.equal(body.code, 'ADDTWO');
      assert.deepEqual(body.type, { id: 0, name: 'binary' });
      assert.equal(body.interactive, false);
      assert.equal(body.masterjudge.id, 1000);
      assert.equal(body.masterjudge.name, 'Generic masterjudge');
      assert.equal((await json(await fetch(body.masterjudge.uri))).id, 1000);
      assert.deepEqual(body.testcases, [
        { number: 0, active: true },
        { number: 1, active: true },
        { number: 2, active: true },
      ]);
      assert.equal(typeof body.lastModified.body, 'number');
      assert.equal(typeof body.lastModified.settings, 'number');
      assert.equal(typeof body.permissions, 'object');
      assert.equal(body.shortBody, null);
      assert.equal((await get('/problems/ADDTWO')).body.id, 1);
      assert.equal(typeof (await get('/problems/1', { shortBody: 'true' })).body.shortBody, 'string');
    });

    it("unknown problem → 404/200201; another account's → 403/200202", async () => {
      await expectError(get('/problems/9999'), 404, 200201);
      await expectError(get('/problems/FOREIGN'), 403, 200202);
      await expectError(get('/problems/4/testcases'), 403, 200202);
      await expectError(send('PUT', '/problems/4', { name: 'mine' }), 403, 200202);
      await expectError(send('DELETE', '/problems/4', {}), 403, 200202);
    });

    it('POST validates: name, typeId, masterjudgeId (required, must be a master judge), code', async () => {
      await expectError(send('POST', '/problems', { masterjudgeId: 1000 }), 400, 10);
      await expectError(send('POST', '/problems', { name: 'x' }), 400, 10);
      await expectError(send('POST', '/problems', { name: 'x', masterjudgeId: 1000, typeId: 7 }), 400, 10);
      await expectError(send('POST', '/problems', { name: 'x', masterjudgeId: 4242 }), 404, 200201);
      await expectError(send('POST', '/problems', { name: 'x', masterjudgeId: 1 }), 404, 200201);
      await expectError(send('POST', '/problems', { name: 'x', masterjudgeId: 1000, code: 'ADDTWO' }), 400, 10);
      await expectError(send('POST', '/problems', { name: 'x', masterjudgeId: 1000, code: 'bad code!' }), 400, 10);
    });

    for (const kind of ['json', 'form', 'multipart'] as const) {
      it(`creates, updates and deletes a problem (${kind} body)`, async () => {
        const code = `CRUD_${kind.toUpperCase()}`;
        const created = await send('POST', '/problems', { name: `Made by ${kind}`, body: 'text', typeId: 2, interactive: false, masterjudgeId: 1001, code }, kind);
        assert.equal(created.status, 201);
        assert.equal(typeof created.body.id, 'number');
        assert.equal(created.body.code, code);
        const id = created.body.id;
        let p = (await get(`/problems/${id}`)).body;
        assert.deepEqual([p.name, p.body, p.type.id, p.type.name, p.masterjudge.id], [`Made by ${kind}`, 'text', 2, 'maximize', 1001]);

        const put = await send('PUT', `/problems/${id}`, { name: 'Renamed', typeId: 1, masterjudgeId: 1000 }, kind);
        assert.deepEqual(put, { status: 200, body: {} });
        p = (await get(`/problems/${id}`)).body;
        assert.deepEqual([p.name, p.type.name, p.masterjudge.id], ['Renamed', 'minimize', 1000]);
        await expectError(send('PUT', `/problems/${id}`, { name: '' }, kind), 400, 10);
        // Its own code again is no clash; another problem's is.
        assert.deepEqual(await send('PUT', `/problems/${id}`, { code }, kind), { status: 200, body: {} });
        await expectError(send('PUT', `/problems/${id}`, { code: 'ECHO' }, kind), 400, 10);

        assert.deepEqual(await send('DELETE', `/problems/${id}`, {}), { status: 200, body: {} });
        await expectError(get(`/problems/${id}`), 404, 200201);
      });
    }
  });

  describe('test cases', () => {
    let pid: number;
    before(async () => {
      pid = (await send('POST', '/problems', { name: 'Test cases', masterjudgeId: 1000 })).body.id;
    });

    it('creates test cases numbered from 0 (timeLimit and the v3 spelling timelimit)', async () => {
      const a = await send('POST', `/problems/${pid}/testcases`, { input: '1 2\n', output: '3\n', timeLimit: 1.5, judgeId: 10 });
      assert.deepEqual(a, { status: 201, body: { number: 0 } });
      const b = await send('POST', `/problems/${pid}/testcases`, { input: 'x', output: 'y', timelimit: 5, active: false, judgeId: 1 }, 'form');
      assert.deepEqual(b, { status: 201, body: { number: 1 } });
    });

    it('requires judgeId on creation (v4: "masterjudgeId and judgeId are required")', async () => {
      await expectError(send('POST', `/problems/${pid}/testcases`, { input: 'x', output: 'y', timeLimit: 1 }), 400, 10);
      assert.equal((await get(`/problems/${pid}/testcases`)).body.items.length, 2);
    });

    it('answers 409 to a test case added while another is being added to the same problem', async () => {
      // The first creation's body is held open: the service is still receiving it when the second arrives.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('{"input": "first", '));
          await held;
          controller.enqueue(new TextEncoder().encode('"output": "y", "judgeId": 1}'));
          controller.close();
        },
      });
      const first = fetch(url(`/problems/${pid}/testcases`), { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
      let second: { status: number; body: any };
      try {
        second = await send('POST', `/problems/${pid}/testcases`, { input: 'z', output: 'y', judgeId: 1 });
        // The first request may not have reached the emulator yet: ask again until it has (no sleeps, no timing).
        for (let i = 0; second.status === 201 && i < 20; i++) {
          await send('DELETE', `/problems/${pid}/testcases/${second.body.number}`, {});
          second = await send('POST', `/problems/${pid}/testcases`, { input: 'z', output: 'y', judgeId: 1 });
        }
      } finally {
        release();
      }
      assert.equal(second.status, 409, JSON.stringify(second.body));
      assert.equal(second.body.error_code, 409);
      const done = await first;
      assert.equal(done.status, 201);
      const { number } = await json(done);
      assert.equal(await (await fetch(url(`/problems/${pid}/testcases/${number}/input`))).text(), 'first');
      await send('DELETE', `/problems/${pid}/testcases/${number}`, {});
    });

    it('lists and reads them with judge, sizes and working uris', async () => {
      const list = (await get(`/problems/${pid}/testcases`)).body.items;
      assert.equal(list.length, 2);
      const [t0, t1] = list;
      assert.equal(t0.number, 0);
      assert.equal(t0.active, true);
      assert.equal(t0.timeLimit, 1.5);
      assert.deepEqual([t0.judge.id, t0.judge.name], [10, 'Exact judge']);
      assert.equal(t0.input.size, 4);
      assert.equal(t0.output.size, 2);
      assert.equal(await (await fetch(t0.input.uri)).text(), '1 2\n');
      assert.equal(await (await fetch(t0.output.uri)).text(), '3\n');
      assert.equal((await json(await fetch(t0.uri))).number, 0);
      assert.deepEqual([t1.active, t1.timeLimit, t1.judge.id], [false, 5, 1]);
      assert.equal(await (await fetch(url(`/problems/${pid}/testcases/1/input`))).text(), 'x');
      const problem = (await get(`/problems/${pid}`)).body;
      assert.deepEqual(problem.testcases, [
        { number: 0, active: true },
        { number: 1, active: false },
      ]);
    });

    it('updates and deletes a test case', async () => {
      assert.deepEqual(await send('PUT', `/problems/${pid}/testcases/1`, { output: 'zz', active: true, timeLimit: 2 }), { status: 200, body: {} });
      const t1 = (await get(`/problems/${pid}/testcases/1`)).body;
      assert.deepEqual([t1.active, t1.timeLimit, t1.output.size], [true, 2, 2]);
      assert.deepEqual(await send('DELETE', `/problems/${pid}/testcases/1`, {}), { status: 200, body: {} });
      await expectError(get(`/problems/${pid}/testcases/1`), 404, 200201);
    });

    it('refuses unknown test cases, judges and bad time limits', async () => {
      await expectError(get(`/problems/${pid}/testcases/77`), 404, 200201);
      await expectError(get(`/problems/${pid}/testcases/0/other`), 404, 200201);
      await expectError(send('POST', `/problems/${pid}/testcases`, { input: '', output: '', judgeId: 555 }), 404, 200201);
      await expectError(send('POST', `/problems/${pid}/testcases`, { input: '', output: '', judgeId: 1000 }), 404, 200201);
      await expectError(send('POST', `/problems/${pid}/testcases`, { input: '', output: '', timeLimit: -1 }), 400, 10);
      await expectError(send('POST', `/problems/${pid}/testcases`, { input: '', output: '', timeLimit: 'soon' }), 400, 10);
      await expectError(send('POST', '/problems/9999/testcases', { input: '', output: '' }), 404, 200201);
    });
  });

  describe('judges', () => {
    it('lists built-in judges by type with paging', async () => {
      const masters = (await get('/judges', { typeId: '1' })).body;
      assert.deepEqual(
        masters.items.map((j: any) => j.id),
        [1000, 1001],
      );
      assert.deepEqual(masters.items[1].type, { id: 1, name: 'master' });
      assert.equal(masters.items[1].name, 'Score is % of correctly solved sets');
      const tc = (await get('/judges', { typeId: '0', limit: '20' })).body;
      assert.deepEqual(
        tc.items.slice(0, 6).map((j: any) => j.id),
        [1, 2, 3, 4, 9, 10],
      );
      assert.equal('next' in tc.paging && 'prev' in tc.paging, true);
      await expectError(get('/judges', { typeId: '5' }), 400, 10);
    });

    it('GET /judges/{id} and its source file', async () => {
      const j = (await get('/judges/1')).body;
      assert.deepEqual([j.id, j.type.id, j.visibility], [1, 0, 'public']);
      assert.equal(typeof j.compiler.version.name, 'string');
      assert.equal(typeof j.source.size, 'number');
      assert.match(await (await fetch(j.source.uri)).text(), /whitespace/i);
      await expectError(get('/judges/31337'), 404, 200201);
      await expectError(get('/judges/1/binary'), 404, 200201);
      await expectError(send('PUT', '/judges/1', { name: 'mine now' }), 403, 200202);
    });

    it('creates and updates a custom judge', async () => {
      const created = await send('POST', '/judges', { name: 'Mine', source: 'import sys\nsys.exit(0)\n', compilerId: PY, typeId: 0 });
      assert.equal(created.status, 201);
      const id = created.body.id;
      let j = (await get(`/judges/${id}`)).body;
      assert.deepEqual([j.name, j.type.id, j.compiler.id, j.visibility], ['Mine', 0, PY, 'private']);
      assert.deepEqual(await send('PUT', `/judges/${id}`, { name: 'Renamed', shared: true, source: 'pass\n' }), { status: 200, body: {} });
      j = (await get(`/judges/${id}`)).body;
      assert.deepEqual([j.name, j.visibility, j.source.size], ['Renamed', 'public', 5]);
      assert.equal(await (await fetch(url(`/judges/${id}/source`))).text(), 'pass\n');
      await expectError(send('POST', '/judges', { source: 'x', compilerId: 99999 }), 400, 201101);
      await expectError(send('POST', '/judges', { compilerId: PY }), 400, 10);
    });
  });

  describe('submissions: judging', () => {
    it('accepts a correct Python solution on every test case, large one included', async () => {
      const sub = await finished(await submit({ problemId: 1, compilerId: PY, source: ADD_OK }));
      assert.deepEqual(sub.result.status, { code: 15, name: 'accepted' });
      assert.deepEqual(codes(sub), [15, 15, 15]);
      assert.deepEqual(sub.problem.id, 1);
      assert.equal(sub.problem.code, 'ADDTWO');
      assert.equal(sub.problem.name, 'Add two numbers');
      assert.equal(sub.compiler.id, PY);
      assert.equal(typeof sub.compiler.version.id, 'number');
      assert.match(sub.date, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00$/);
      assert.equal(typeof sub.result.time, 'number');
      assert.equal(typeof sub.result.memory, 'number');
      assert.equal(sub.result.signal, 0);
      const t = sub.result.testcases[2];
      assert.deepEqual(Object.keys(t).sort(), ['memory', 'number', 'score', 'signal', 'signal_desc', 'status', 'time']);
      assert.equal(await (await fetch(sub.result.streams.source.uri)).text(), ADD_OK);
      assert.equal(sub.result.streams.cmpinfo, null);
    });

    it('one wrong test case among three: per-test statuses, generic master judge → wrong answer', async () => {
      const src = `${ADD_OK}\nif n == 5: print(0)\n`;
      const sub = await finished(await submit({ problemId: 'ADDTWO', compilerId: PY, source: src }));
      assert.deepEqual(codes(sub), [15, 14, 15]);
      assert.deepEqual(sub.result.status, { code: 14, name: 'wrong answer' });
      assert.equal(sub.result.score, 0);
      assert.ok(sub.result.streams.debug, 'judge notes in the debug stream');
      assert.match(await (await fetch(sub.result.streams.debug.uri)).text(), /test 1: wrong answer/);
      // The output stream shows the failing test case's output.
      assert.match(await (await fetch(sub.result.streams.output.uri)).text(), /^-2\n0\n2000000000\n/);
    });

    it('the output and error streams are those of the first failing test case, not of a later one', async () => {
      // Test cases share their output files until one fails (issue 37, speed): the later runs must not overwrite it.
      const src = `${ADD_OK}\nsys.stderr.write("stderr of n=%d\\n" % n)\nif n == 5: print(0)\n`;
      const failed = await finished(await submit({ problemId: 1, compilerId: PY, source: src }));
      assert.deepEqual(codes(failed), [15, 14, 15]);
      assert.equal(await (await fetch(failed.result.streams.error.uri)).text(), 'stderr of n=5\n');
      assert.equal(await (await fetch(failed.result.streams.output.uri)).text(), '-2\n0\n2000000000\n-999999993\n579\n0\n');
      // All accepted: the last test case's streams.
      const passed = await finished(await submit({ problemId: 1, compilerId: PY, source: `${ADD_OK}\nsys.stderr.write("stderr of n=%d\\n" % n)\n` }));
      assert.deepEqual(codes(passed), [15, 15, 15]);
      assert.equal(await (await fetch(passed.result.streams.error.uri)).text(), 'stderr of n=250000\n');
      assert.equal(passed.result.streams.output.size, (await (await fetch(passed.result.streams.output.uri)).text()).length);
      assert.ok(passed.result.streams.output.size > 250_000 * 2, 'the large test case output');
    });

    it('a slow solution hits the time limit on the large test case only', async () => {
      const src = `import time\n${ADD_OK}\nif n > 1000: time.sleep(10)\n`;
      const sub = await finished(await submit({ problemId: 1, compilerId: PY, source: src }));
      assert.deepEqual(codes(sub), [15, 15, 13]);
      assert.deepEqual(sub.result.status, { code: 13, name: 'time limit exceeded' });
    });

    it('a runtime error reports a signal description', async () => {
      const sub = await finished(await submit({ problemId: 1, compilerId: PY, source: 'raise SystemExit(3)', tests: '0' }));
      assert.equal(sub.result.status.code, 12);
      assert.equal(sub.result.testcases[0].signal, -1);
      assert.match(sub.result.signal_desc, /NZEC/);
      assert.ok(sub.result.streams.error === null || typeof sub.result.streams.error.size === 'number');
    });

    it('a C++ compilation error ends as 11 with cmpinfo and no test runs', async () => {
      const sub = await finished(await submit({ problemId: 1, compilerId: CPP, source: 'int main() { return undefined_name; }' }));
      assert.deepEqual(sub.result.status, { code: 11, name: 'compilation error' });
      assert.deepEqual(sub.result.testcases, []);
      assert.match(await (await fetch(sub.result.streams.cmpinfo.uri)).text(), /undefined_name/);
    });

    it('`tests` judges only the chosen subset', async () => {
      const sub = await finished(await submit({ problemId: 1, compilerId: PY, source: ADD_OK, tests: '1,0' }));
      assert.deepEqual(
        sub.result.testcases.map((t: any) => t.number),
        [0, 1],
      );
      assert.equal(sub.result.status.code, 15);
    });

    it('exact judge (ECHO): stripped whitespace is a wrong answer, a copy is accepted', async () => {
      const copy = await finished(await submit({ problemId: 2, compilerId: PY, source: 'import sys\nsys.stdout.write(sys.stdin.read())' }));
      assert.deepEqual(codes(copy), [15, 15]);
      const stripped = await finished(await submit({ problemId: 2, compilerId: PY, source: 'import sys\nfor l in sys.stdin: print(l.strip())' }));
      assert.deepEqual(codes(stripped), [15, 14]);
    });

    it('floats judge + master 1001 (AVERAGE): score is the percentage of solved test cases', async () => {
      // Right except on the three-number test case, where it answers one too much.
      const src = 'n=int(input()); v=list(map(int,input().split())); a=sum(v)/n\nprint(round(a,2) if n != 3 else a+1)';
      const sub = await finished(await submit({ problemId: 3, compilerId: PY, source: src }));
      assert.deepEqual(codes(sub), [15, 14, 15]);
      assert.equal(sub.result.status.code, 15);
      assert.equal(sub.result.score, 66.67);
    });

    it('a new problem with two test cases can be solved', async () => {
      const pid = (await send('POST', '/problems', { name: 'Double', masterjudgeId: 1000 })).body.id;
      await send('POST', `/problems/${pid}/testcases`, { input: '2\n', output: '4\n', timeLimit: 1, judgeId: 1 });
      await send('POST', `/problems/${pid}/testcases`, { input: '21\n', output: '42\n', timeLimit: 1, judgeId: 1 });
      const sub = await finished(await submit({ problemId: pid, compilerId: PY, source: 'print(2*int(input()))' }, 'form'));
      assert.deepEqual(codes(sub), [15, 15]);
      assert.equal(sub.problem.name, 'Double');
    });

    it('multipart files[...] submissions run the entry file', async () => {
      const form = new FormData();
      form.append('problemId', '2');
      form.append('compilerId', String(PY));
      form.append('source', '');
      form.append('files[prog.py]', new Blob(['from helper import echo\necho()\n']), 'prog.py');
      form.append('files[helper.py]', new Blob(['import sys\ndef echo():\n    sys.stdout.write(sys.stdin.read())\n']), 'helper.py');
      const res = await fetch(url('/submissions'), { method: 'POST', body: form });
      assert.equal(res.status, 201);
      const sub = await finished((await json(res)).id);
      assert.equal(sub.result.status.code, 15);
    });

    it('custom judges run with the fd protocol (test case judge and master judge)', async () => {
      const tcJudge = [
        'import os',
        'got = os.read(3, 1 << 20).decode().split()',
        'want = os.fdopen(4).read().split()',
        'os.write(1, b"7")',
        'os.write(6, b"custom judge compared")',
        'raise SystemExit(0 if got == want else 1)',
      ].join('\n');
      const masterJudge = [
        'import sys',
        'rows = [l.split() for l in sys.stdin if l.strip()]',
        'ok = sum(1 for r in rows if r[1] == "AC")',
        'print("AC" if ok == len(rows) else "WA", ok * 10, 0, 0.5, 1234)',
      ].join('\n');
      const judgeId = (await send('POST', '/judges', { name: 'tc', source: tcJudge, compilerId: PY, typeId: 0 })).body.id;
      const masterId = (await send('POST', '/judges', { name: 'master', source: masterJudge, compilerId: PY, typeId: 1 })).body.id;
      const pid = (await send('POST', '/problems', { name: 'Custom', masterjudgeId: masterId })).body.id;
      await send('POST', `/problems/${pid}/testcases`, { input: '1\n', output: '1\n', judgeId });
      await send('POST', `/problems/${pid}/testcases`, { input: '2\n', output: '2\n', judgeId });
      const sub = await finished(await submit({ problemId: pid, compilerId: PY, source: 'print(input())' }));
      assert.deepEqual(codes(sub), [15, 15]);
      assert.deepEqual(
        sub.result.testcases.map((t: any) => t.score),
        [7, 7],
      );
      assert.deepEqual([sub.result.status.code, sub.result.score, sub.result.memory], [15, 20, 1234]);
      assert.match(await (await fetch(sub.result.streams.debug.uri)).text(), /custom judge compared/);
      const wrong = await finished(await submit({ problemId: pid, compilerId: PY, source: 'print(1)' }));
      assert.deepEqual(codes(wrong), [15, 14]);
      assert.deepEqual([wrong.result.status.code, wrong.result.score], [14, 10]);
    });

    it('PUT /submissions/{id} judges again', async () => {
      const id = await submit({ problemId: 1, compilerId: PY, source: ADD_OK, tests: '0' });
      await finished(id);
      assert.deepEqual(await send('PUT', `/submissions/${id}`, {}), { status: 200, body: {} });
      const again = await finished(id);
      assert.deepEqual(codes(again), [15]);
    });
  });

  describe('submissions: errors and listing', () => {
    const base = { problemId: 1, compilerId: PY, source: 'print(1)' };

    it('every creation error in its situation', async () => {
      await expectError(send('POST', '/submissions', { compilerId: PY, source: 'x' }), 400, 200204);
      await expectError(send('POST', '/submissions', { ...base, problemId: 9999 }), 400, 200201);
      await expectError(send('POST', '/submissions', { ...base, problemId: 4 }), 400, 200202);
      await expectError(send('POST', '/submissions', { ...base, source: '' }), 400, 201304);
      await expectError(send('POST', '/submissions', { ...base, source: 'x'.repeat(70_000) }), 400, 201306);
      await expectError(send('POST', '/submissions', { problemId: 1, source: 'x' }), 400, 201104);
      await expectError(send('POST', '/submissions', { ...base, compilerId: 99999 }), 400, 201101);
      await expectError(send('POST', '/submissions', { ...base, compilerVersionId: 99999 }), 400, 201201);
      await expectError(send('POST', '/submissions', { ...base, tests: '1,a' }), 400, 205205);
      await expectError(send('POST', '/submissions', { ...base, tests: '0,9' }), 400, 205206);
      await expectError(send('POST', '/submissions', { ...base, tests: ',' }), 400, 205209);
      const empty = (await send('POST', '/problems', { name: 'Empty', masterjudgeId: 1000 })).body.id;
      await expectError(send('POST', '/submissions', { ...base, problemId: empty }), 400, 1003);
    });

    it('201108 for a known language whose toolchain is not installed here', async function () {
      const listed = new Set((await get('/compilers')).body.items.map((c: any) => c.id));
      const missing = LANGUAGES.find((l) => !listed.has(l.id));
      if (!missing) this.skip();
      await expectError(send('POST', '/submissions', { ...base, compilerId: missing!.id }), 400, 201108);
    });

    it('201107 for files[...] in a language without multi-file mode (Text)', async function () {
      const listed = new Set((await get('/compilers')).body.items.map((c: any) => c.id));
      if (!listed.has(62)) this.skip();
      const form = new FormData();
      form.append('problemId', '2');
      form.append('compilerId', '62');
      form.append('files[prog.txt]', new Blob(['hello\n']), 'prog.txt');
      const res = await fetch(url('/submissions'), { method: 'POST', body: form });
      assert.equal(res.status, 400);
      assert.equal((await json(res)).error_code, 201107);
    });

    it('402/2 when the submission pool is empty', async () => {
      const pool = (remaining: number | null) =>
        fetch(url('/__emulator/pool'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ remaining }) });
      await pool(0);
      try {
        await expectError(send('POST', '/submissions', { ...base, tests: '0' }), 402, 2);
      } finally {
        await pool(null);
      }
      const ok = await send('POST', '/submissions', { ...base, tests: '0' });
      assert.equal(ok.status, 201);
    });

    it('GET /submissions?ids= lists known ids ascending, with its three errors', async () => {
      const a = await submit({ ...base, tests: '0' });
      const b = await submit({ ...base, tests: '0' });
      const list = (await get('/submissions', { ids: `${b},999999,${a}` })).body.items;
      assert.deepEqual(
        list.map((s: any) => s.id),
        [a, b],
      );
      assert.equal(typeof list[0].uri, 'string');
      await expectError(get('/submissions'), 400, 205104);
      await expectError(get('/submissions', { ids: '1,x' }), 400, 205105);
      await expectError(get('/submissions', { ids: Array.from({ length: 21 }, (_, i) => i + 1).join(',') }), 400, 205106);
      await finished(a);
      await finished(b);
    });

    it('unknown submission and stream → 404', async () => {
      await expectError(get('/submissions/999999'), 404, 200201);
      const id = await submit({ ...base, tests: '0' });
      await finished(id);
      await expectError(get(`/submissions/${id}/nonsense`), 404, 200201);
      await expectError(get(`/submissions/${id}/cmpinfo`), 404, 200201);
      assert.equal(await (await fetch(url(`/submissions/${id}/source`))).text(), 'print(1)');
    });
  });
});

describe('problems module: restart', function () {
  this.timeout(60_000);
  const scratch = useScratch();

  it('keeps problems, judges and submissions; an interrupted run ends as internal error', async () => {
    // Its own data directory: the first emulator's close() would remove one made for it.
    const dataDir = scratch('se-restart-');
    let emu = await startTestEmulator({ dataDir });
    const u = (p: string) => emu.url('problems', p);
    const post = async (p: string, body: object) => json(await fetch(u(p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const pid = (await post('/problems', { name: 'Survivor', masterjudgeId: 1001 })).id;
    await post(`/problems/${pid}/testcases`, { input: 'a', output: 'b', timeLimit: 3, judgeId: 1 });
    const judgeId = (await post('/judges', { name: 'kept', source: 'pass', compilerId: 116 })).id;
    const id = (await post('/submissions', { problemId: pid, compilerId: 116, source: 'import time\ntime.sleep(20)' })).id;
    for (let i = 0; i < 100; i++) {
      const s = await json(await fetch(u(`/submissions/${id}`)));
      if (s.result.status.code === 3) break;
      await sleep(50);
    }
    await emu.close();

    emu = await startTestEmulator({ dataDir });
    try {
      const p = await json(await fetch(u(`/problems/${pid}`)));
      assert.equal(p.name, 'Survivor');
      assert.equal(p.testcases.length, 1);
      assert.equal((await json(await fetch(u(`/judges/${judgeId}`)))).name, 'kept');
      const s = await json(await fetch(u(`/submissions/${id}`)));
      assert.equal(s.executing, false);
      assert.deepEqual(s.result.status, { code: 20, name: 'internal error' });
      // Seeds are not created twice.
      const list = await json(await fetch(emu.url('problems', '/problems', { limit: '100' })));
      assert.equal(list.items.filter((x: any) => x.code === 'ADDTWO').length, 1);
    } finally {
      await emu.close();
    }
  });
});
