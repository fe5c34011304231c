// Use Local Emulator's switch (src/connection/use-emulator.ts) without VS Code: the three modules
// are tested at the emulator before anything changes, and a failure half-way switches back.
import * as assert from 'node:assert/strict';
import type { ApiModule } from '../../../src/api';
import type { ConnectionTestResult } from '../../../src/connection/test-result';
import { EMULATOR_PROFILE_ID, type ProfilesState } from '../../../src/connection/profiles';
import { switchToEmulator, type EmulatorSwitchTarget } from '../../../src/connection/use-emulator';

const EMULATOR = { origin: 'http://127.0.0.1:8400', token: 'emulator-token' };
const MINE: ProfilesState = {
  profiles: [{ id: 'p1', name: 'Course', endpoints: { containers: 'abc', compilers: 'abc', problems: 'abc' } }],
  activeId: 'p1',
};

/** A connection that records what was asked of it; `refuse` fails GET /test, `failSetToken` the save. */
function target(options: { refuse?: ApiModule; failSetToken?: ApiModule } = {}) {
  let state = structuredClone(MINE);
  const saved: ApiModule[] = [];
  const tested: string[] = [];
  const t: EmulatorSwitchTarget = {
    test: async (module, { token, at }): Promise<ConnectionTestResult> => {
      tested.push(`${module} ${at} ${token === EMULATOR.token}`);
      return module === options.refuse ? { module, ok: false, message: 'refused' } : { module, ok: true, message: 'ok' };
    },
    profiles: () => state,
    updateProfiles: async (next) => {
      state = next;
    },
    setToken: async (module) => {
      if (module === options.failSetToken) throw new Error('secret storage unavailable');
      saved.push(module);
    },
    inOneStep: (_why, change) => change(),
  };
  return { t, state: () => state, saved, tested };
}

describe('Use Local Emulator (switch)', () => {
  it('tests all three modules at the emulator, then makes the emulator profile active and signs each in', async () => {
    const c = target();
    const result = await switchToEmulator(c.t, EMULATOR);
    assert.equal(result.switched, true);
    assert.equal(c.tested.length, 3);
    assert.ok(
      c.tested.every((line) => line.includes('http://127.0.0.1:8400/') && line.endsWith('true')),
      c.tested.join('\n'),
    );
    assert.equal(c.state().activeId, EMULATOR_PROFILE_ID);
    assert.deepEqual(
      c.state().profiles.find((p) => p.id === 'p1'),
      MINE.profiles[0],
      'other profiles are left as they were',
    );
    assert.deepEqual(c.saved.sort(), ['compilers', 'containers', 'problems']);
  });

  it('changes nothing when one module refuses, and says which', async () => {
    const c = target({ refuse: 'problems' });
    const result = await switchToEmulator(c.t, EMULATOR);
    assert.equal(result.switched, false);
    assert.deepEqual(
      result.checks.filter((check) => !check.ok).map((check) => check.module),
      ['problems'],
    );
    assert.deepEqual(c.state(), MINE);
    assert.deepEqual(c.saved, []);
  });

  it('switches back to the previous profile when saving a token fails half-way', async () => {
    const c = target({ failSetToken: 'compilers' });
    await assert.rejects(switchToEmulator(c.t, EMULATOR), /secret storage unavailable/);
    assert.deepEqual(c.state(), MINE);
  });
});
