// The users a root emulator runs programs as (emulator/runner/sandbox-users.ts): one per run at a
// time, never an id an account of the machine uses, handed out as late as possible after its last run.
import * as assert from 'node:assert/strict';
import { SandboxUsers } from '../../emulator/runner/sandbox-users';

describe('sandbox users (one per run of a root emulator)', () => {
  it('gives runs at the same time different users, and never an id an account uses', () => {
    const pool = new SandboxUsers(100, 5, [101]);
    const held = [pool.acquire(), pool.acquire(), pool.acquire(), pool.acquire()];
    assert.deepEqual(held.map((u) => u.uid).sort(), [100, 102, 103, 104]);
    assert.ok(held.every((u) => u.gid === u.uid));
    assert.throws(() => pool.acquire(), /all 4 sandbox users are running a program: wait for runs to end, or run fewer at once/);
    pool.release(held[2]);
    assert.equal(pool.acquire().uid, held[2].uid);
  });

  it('hands an id out again as late as possible, unless it already owns the run directory', () => {
    const pool = new SandboxUsers(10, 3, []);
    const first = pool.acquire();
    pool.release(first);
    assert.notEqual(pool.acquire().uid, first.uid, 'the next run takes the next id');
    const again = pool.acquire(first.uid);
    assert.equal(again.uid, first.uid, 'the owner of the run directory is preferred while free');
    assert.notEqual(pool.acquire(first.uid).uid, first.uid, 'a busy preferred id is not shared');
    assert.equal(pool.inUse, 3);
  });

  it('ignores a preferred id that is not one of its own', () => {
    const pool = new SandboxUsers(10, 2, []);
    assert.notEqual(pool.acquire(0).uid, 0);
    assert.notEqual(pool.acquire(65534).uid, 65534);
  });
});
