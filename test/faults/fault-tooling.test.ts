// The fault injection itself: a cut must be a cut. A `drop-response-body` answer announces the
// whole length, delivers exactly the first `bytes` bytes (never all of them) and then loses the
// connection, with nothing else written into the socket and no error noise from the server.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { messages, watchUncaught } from '../unit/api/uncaught';
import { clearFaults, setFaults, startTestEmulator, type TestEmulator } from './support';

interface RawAnswer {
  status: number;
  declaredLength: number;
  body: Buffer;
  /** True when the announced body arrived whole and the message ended normally. */
  complete: boolean;
}

/** One GET over a fresh connection, reading whatever arrives until the end or the cut. */
function rawGet(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let settled = false;
      const finish = (complete: boolean) => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, declaredLength: Number(res.headers['content-length']), body: Buffer.concat(chunks), complete });
      };
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish(res.complete));
      res.on('aborted', () => finish(false));
      res.on('error', () => finish(false));
      res.on('close', () => finish(res.complete));
    });
    req.on('error', reject);
  });
}

/** console.error lines written while `fn` runs (the node adapter reports its failures there). */
async function consoleErrorsDuring(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    lines.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message} ${(a as NodeJS.ErrnoException).code ?? ''}` : String(a))).join(' '));
  };
  try {
    await fn();
    // The adapter's error (if any) comes after the handler returns; let it happen.
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    console.error = original;
  }
  return lines;
}

describe('faults: the fault injection tooling', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let full: Buffer;
  before(async () => {
    emu = await startTestEmulator();
    const res = await fetch(emu.url('compilers', '/test'));
    assert.equal(res.status, 200);
    full = Buffer.from(await res.arrayBuffer());
    assert.ok(full.length > 10 && full.length < 200, `a short body (${full.length} bytes)`);
  });
  afterEach(() => clearFaults(emu));
  after(() => emu.close());

  it('status answers with the given error code and message (stand-in for spec errors without emulator state)', async () => {
    await setFaults(emu, [
      { path: '^/compilers/api/v4/test$', method: 'GET', kind: 'status', status: 409, errorCode: 200510, message: 'project temporarily unavailable', times: 1 },
    ]);
    const res = await fetch(emu.url('compilers', '/test'));
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), { error_code: 200510, message: 'project temporarily unavailable' });
    assert.equal((await fetch(emu.url('compilers', '/test'))).status, 200, 'times: 1 disarms it');
  });

  // Was defect D4: the handler returned a second Response after writing by hand; the adapter
  // logged ERR_INVALID_STATE and wrote its own error text into the same socket, which "completed"
  // a short body with garbage instead of cutting it.
  it('drop-response-body on a short body: exactly `bytes` bytes of the real body, then the cut', async () => {
    await setFaults(emu, [{ path: '^/compilers/api/v4/test$', method: 'GET', kind: 'drop-response-body', bytes: 5, times: 1 }]);
    const watch = watchUncaught();
    let answer: RawAnswer | undefined;
    const noise = await consoleErrorsDuring(async () => {
      answer = await rawGet(emu.url('compilers', '/test'));
    });
    assert.deepEqual(messages(await watch.stop()), []);
    assert.ok(answer);
    assert.equal(answer.status, 200);
    assert.equal(answer.declaredLength, full.length, 'the whole length is announced');
    assert.equal(answer.complete, false, 'the answer is cut, not completed');
    assert.equal(answer.body.toString('latin1'), full.subarray(0, 5).toString('latin1'), 'only the real first bytes arrive');
    assert.deepEqual(noise, [], 'the emulator reports no error of its own');
  });

  it('drop-response-body with `bytes` beyond the body still cuts it (one byte short)', async () => {
    await setFaults(emu, [{ path: '^/compilers/api/v4/test$', method: 'GET', kind: 'drop-response-body', bytes: 100_000, times: 1 }]);
    let answer: RawAnswer | undefined;
    const noise = await consoleErrorsDuring(async () => {
      answer = await rawGet(emu.url('compilers', '/test'));
    });
    assert.ok(answer);
    assert.equal(answer.complete, false);
    assert.ok(answer.body.equals(full.subarray(0, full.length - 1)), `got ${JSON.stringify(answer.body.toString('latin1'))}`);
    assert.deepEqual(noise, []);
  });

  it('drop closes the connection without an answer, quietly; the next request is served', async () => {
    await setFaults(emu, [{ path: '^/compilers/api/v4/test$', method: 'GET', kind: 'drop', times: 1 }]);
    let failure: unknown;
    const noise = await consoleErrorsDuring(async () => {
      failure = await rawGet(emu.url('compilers', '/test')).then(
        (a) => a,
        (err: unknown) => err,
      );
    });
    assert.ok(failure instanceof Error, `no answer expected, got ${JSON.stringify(failure)}`);
    assert.deepEqual(noise, []);
    const after = await fetch(emu.url('compilers', '/test'));
    assert.equal(after.status, 200);
    assert.ok(Buffer.from(await after.arrayBuffer()).equals(full));
  });
});
