// The emulator's state database (emulator/store): a data directory of the JSON format that came
// before is imported once and kept aside, ids go on where they were; a newer format is refused in
// plain words; a second emulator on the same data directory is refused; and a `kill -9` in the
// middle of a stream of submissions loses nothing that had been answered.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { DB_FILE, FORMAT_VERSION } from '../../emulator/store/database';
import { JSON_ASIDE_DIR } from '../../emulator/store/migrate-json';
import { json } from '../emulator/harness';
import { startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './emulator-process';
import { startTestEmulator, type TestEmulator } from './support';

const PYTHON = 116;

/** A data directory the JSON-file emulator wrote (see its README). */
const JSON_FIXTURE = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'emulator-json-data');
const FIXTURE_WORKSPACE = '2e0026951df0af43f1d1879aa4f9035c';

/**
 * The workspace timers run on the real clock: the fixture's workspace, stopped when the fixture was
 * made with a 60-minute retention, would be removed by now. Its times are moved as if it had been
 * stopped a minute ago, as in the data directory of a user who updates right away.
 */
function stoppedJustNow(file: string): void {
  const workspaces = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, number | null>>;
  for (const ws of workspaces) {
    const shift = Date.now() - 60_000 - (ws.stoppedAt as number);
    for (const key of ['createdAt', 'activeSince', 'readyAt', 'stoppedAt', 'lastUsage', 'terminatedAt']) {
      if (typeof ws[key] === 'number') ws[key] = (ws[key] as number) + shift;
    }
  }
  fs.writeFileSync(file, JSON.stringify(workspaces));
}

const postJson = (url: string, body: Record<string, unknown>) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('faults: the emulator state database', function () {
  this.timeout(120_000);
  let dir: string;
  const running: TestEmulator[] = [];
  const processes: EmulatorProcess[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-emu-store-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((emu) => emu.close()));
    await Promise.all(processes.splice(0).map(stopEmulatorProcess));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = async (dataDir = dir) => {
    const emu = await startTestEmulator({ dataDir });
    running.push(emu);
    return emu;
  };

  it('imports a JSON data directory once, keeps the files aside, and ids go on where they were', async () => {
    fs.cpSync(JSON_FIXTURE, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'README.md'));
    stoppedJustNow(path.join(dir, 'containers-workspaces.json'));
    const emu = await start();
    const get = async (module: 'compilers' | 'problems' | 'containers', p: string) => json(await fetch(emu.url(module, p)));
    const old = await get('compilers', '/submissions/1');
    assert.deepEqual([old.id, old.result.status.code], [1, 15]);
    assert.equal(await (await fetch(emu.url('compilers', '/submissions/1/output'))).text(), 'from the JSON days\n', 'its streams are where they were');
    assert.equal((await get('problems', '/submissions/1')).result.status.code, 12);
    const fixtureSource = fs.readFileSync(path.join(JSON_FIXTURE, 'problems', 'submissions', '1', 'source'), 'utf8');
    assert.equal(await (await fetch(emu.url('problems', '/submissions/1/source'))).text(), fixtureSource, 'a Problems stream kept as a file is read (format 1)');
    assert.equal((await get('containers', '/submissions/1')).result.status.code, 15);
    assert.equal((await get('containers', `/workspaces/${FIXTURE_WORKSPACE}`)).state.code, 3, 'the stopped workspace is still stopped');
    assert.equal((await get('problems', '/problems/ADDTWO')).id, 1, 'the seed problems are not seeded twice');

    const post = (module: 'compilers' | 'problems', body: Record<string, unknown>) => postJson(emu.url(module, '/submissions'), body).then(json);
    assert.equal((await post('compilers', { compilerId: PYTHON, source: 'print(1)' })).id, 2, 'the next Compilers id follows the imported ones');
    assert.equal((await post('problems', { problemId: 2, compilerId: PYTHON, source: 'print(1)' })).id, 2, 'the next Problems id follows the imported meta');
    const aside = fs.readdirSync(path.join(dir, JSON_ASIDE_DIR)).sort();
    assert.deepEqual(aside, [
      'compilers-submissions.json',
      'containers-submissions.json',
      'containers-workspaces.json',
      'problems-meta.json',
      'problems-problems.json',
      'problems-submissions.json',
    ]);
    assert.ok(!fs.existsSync(path.join(dir, 'compilers-submissions.json')), 'moved, not copied');
    await emu.close();
    running.splice(0);

    // A JSON file that shows up again (a restored backup) is not imported over newer state.
    fs.writeFileSync(path.join(dir, 'compilers-submissions.json'), JSON.stringify({ nextId: 1, items: {}, pool: 0 }));
    const again = await start();
    assert.equal((await json(await fetch(again.url('compilers', '/submissions/2')))).id, 2, 'newer state kept');
    assert.deepEqual(await json(await fetch(again.url('compilers', '/__emulator/pool'))), { remaining: null }, 'the stale pool was not taken');
  });

  it('refuses a data directory of a newer format, and a second emulator on the same one, in plain words', async () => {
    const first = await start();
    await assert.rejects(startTestEmulator({ dataDir: dir }), /another emulator \(pid \d+\) is using the data directory/);
    await first.close();
    running.splice(0);

    const db = new Database(path.join(dir, DB_FILE));
    db.exec('PRAGMA locking_mode=EXCLUSIVE; PRAGMA user_version = 99'); // WAL in this build needs exclusive locking
    db.close();
    fs.rmSync(path.join(dir, 'emulator.pid'), { force: true });
    await assert.rejects(startEmulatorProcess(['--data', dir, '--token', 't']), new RegExp(`written by a newer emulator \\(format 99; this one reads up to ${FORMAT_VERSION}\\)`));
  });

  it('kill -9 in a stream of submissions loses none that was answered', async () => {
    const emu = await startEmulatorProcess(['--data', dir, '--token', 't']);
    processes.push(emu);
    const acknowledged: number[] = [];
    const sending = (async () => {
      for (let i = 0; i < 400; i++) {
        const res = await postJson(`${emu.endpoints.compilers}/api/v4/submissions?access_token=t`, { compilerId: PYTHON, source: `print(${i})` }).catch(() => undefined);
        if (!res) return; // the emulator is gone
        if (res.status === 201) acknowledged.push((await json(res)).id);
      }
    })();
    while (acknowledged.length < 25) await new Promise((r) => setTimeout(r, 20));
    emu.child.kill('SIGKILL');
    await sending;
    processes.splice(0);

    const again = await startEmulatorProcess(['--data', dir, '--token', 't']);
    processes.push(again);
    const url = (ids: number[]) => `${again.endpoints.compilers}/api/v4/submissions?ids=${ids.join(',')}&access_token=t`;
    const look = async () => {
      const found: Array<{ id: number; executing: boolean; result: { status: { code: number } } }> = [];
      for (let i = 0; i < acknowledged.length; i += 20) found.push(...(await json(await fetch(url(acknowledged.slice(i, i + 20))))).items);
      return found;
    };
    let found = await look();
    assert.deepEqual(
      found.map((s) => s.id),
      acknowledged,
      `every answered submission is there after kill -9 (${acknowledged.length})`,
    );
    // Consistent: the runs the kill cut end as 20; those still waiting run now and end accepted.
    for (let round = 0; round < 300 && found.some((s) => s.executing); round++) {
      await new Promise((r) => setTimeout(r, 200));
      found = await look();
    }
    const codes = new Set(found.map((s) => s.result.status.code));
    assert.ok(
      [...codes].every((code) => code === 15 || code === 20),
      `final statuses: ${[...codes]}`,
    );
    const next = await postJson(`${again.endpoints.compilers}/api/v4/submissions?access_token=t`, { compilerId: PYTHON, source: 'print(1)' });
    assert.ok((await json(next)).id > Math.max(...acknowledged), 'no id is given twice');
  });

  it('a burst of submissions: all answered at once, run two at a time in the order they came, all judged', async () => {
    const emu = await startTestEmulator({ dataDir: dir, workers: 2 });
    running.push(emu);
    const count = 60;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        postJson(emu.url('compilers', '/submissions'), { compilerId: PYTHON, source: `print(${i})` }).then(async (res) => ({
          status: res.status,
          id: (await json(res)).id as number,
        })),
      ),
    );
    assert.ok(
      answers.every((a) => a.status === 201),
      'every POST accepted',
    );
    const ids = answers.map((a) => a.id).sort((a, b) => a - b);
    const waitingNow = emu.ctx.jobs.stats().waiting;
    assert.ok(waitingNow > 0, 'the rest waits in the queue instead of running');
    const final = async () => {
      const states: number[] = [];
      for (let i = 0; i < ids.length; i += 20) {
        const { items } = await json(await fetch(emu.url('compilers', '/submissions', { ids: ids.slice(i, i + 20).join(',') })));
        states.push(...items.map((s: { result: { status: { code: number } } }) => s.result.status.code));
      }
      return states;
    };
    let states = await final();
    for (let round = 0; round < 600 && states.some((s) => s < 10); round++) {
      await new Promise((r) => setTimeout(r, 200));
      states = await final();
    }
    assert.deepEqual(
      states,
      ids.map(() => 15),
      'every one ends accepted',
    );
    const stats = emu.ctx.jobs.stats();
    assert.equal(stats.peak, 2, 'never more than two at once');
    assert.deepEqual(
      stats.started,
      ids.map((id) => `compilers:${id}`),
      'started in the order of their ids',
    );
  });

  it('submissions still waiting when the emulator stopped run after the restart, in order', async () => {
    const first = await startTestEmulator({ dataDir: dir, workers: 1 });
    const post = (emu: TestEmulator, source: string) => postJson(emu.url('compilers', '/submissions'), { compilerId: PYTHON, source }).then(json);
    const slow = await post(first, 'import time\ntime.sleep(30)');
    const waiting = [await post(first, 'print("a")'), await post(first, 'print("b")')];
    await first.close();
    const second = await start();
    const view = async (id: number) => json(await fetch(second.url('compilers', `/submissions/${id}`)));
    assert.equal((await view(slow.id)).result.status.code, 20, 'the run cut by the stop is an internal error');
    // Both, not only the last: they start in order but may end in either (two workers, a busy machine).
    const anyRunning = async () => (await Promise.all(waiting.map((sub) => view(sub.id)))).some((sub) => sub.executing);
    for (let round = 0; round < 300 && (await anyRunning()); round++) await new Promise((r) => setTimeout(r, 100));
    for (const [i, sub] of waiting.entries()) {
      const done = await view(sub.id);
      assert.equal(done.result.status.code, 15, `waiting submission ${sub.id} ran after the restart`);
      assert.equal((await (await fetch(second.url('compilers', `/submissions/${sub.id}/output`))).text()).trim(), 'ab'[i]);
    }
    assert.deepEqual(
      second.ctx.jobs.stats().started,
      waiting.map((s) => `compilers:${s.id}`),
    );
  });
});
