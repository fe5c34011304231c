// The profile model without VS Code: the first profile made from the settings of earlier
// versions, names that stay unique, and the rules of removing and of the built-in emulator profile.
import * as assert from 'node:assert/strict';
import {
  activeProfile,
  addProfile,
  EMULATOR_PROFILE_ID,
  emptyEndpoints,
  migrateFromSettings,
  nameFromEndpoints,
  parseProfilesState,
  removeProfile,
  renameProfile,
  withEmulatorProfile,
} from '../../../src/connection/profiles';

const ORIGIN = 'http://127.0.0.1:8400';

describe('connection profiles (model)', () => {
  it('names the first profile after the customer id its endpoints share, otherwise "Default"', () => {
    assert.equal(nameFromEndpoints({ containers: 'abc123de', compilers: 'https://abc123de.compilers.sphere-engine.com', problems: '' }), 'abc123de');
    assert.equal(nameFromEndpoints({ containers: 'abc123de', compilers: 'ffff0000', problems: '' }), 'Default');
    assert.equal(nameFromEndpoints({ containers: 'http://127.0.0.1:8400/containers', compilers: '', problems: '' }), 'Default');
    assert.equal(nameFromEndpoints(emptyEndpoints()), 'Default');
  });

  it('migrates the settings into one active profile; with none set and an emulator announced, into the emulator profile', () => {
    const settings = { containers: 'abc123de', compilers: 'abc123de', problems: 'abc123de' };
    const state = migrateFromSettings(settings, ORIGIN, 'p-1');
    assert.deepEqual(state, { activeId: 'p-1', profiles: [{ id: 'p-1', name: 'abc123de', endpoints: settings }] });
    const onEmulator = migrateFromSettings(emptyEndpoints(), ORIGIN, 'p-1');
    assert.equal(onEmulator.activeId, EMULATOR_PROFILE_ID);
    assert.equal(activeProfile(onEmulator).emulatorOrigin, ORIGIN);
    assert.equal(migrateFromSettings(emptyEndpoints(), undefined, 'p-1').profiles[0].name, 'Default');
  });

  it('keeps names unique (case aside) and refuses to remove the last profile', () => {
    let state = migrateFromSettings(emptyEndpoints(), undefined, 'p-1');
    state = addProfile(state, { id: 'p-2', name: ' Staging ', endpoints: emptyEndpoints() });
    assert.equal(state.profiles[1].name, 'Staging');
    assert.throws(() => addProfile(state, { id: 'p-3', name: 'staging', endpoints: emptyEndpoints() }), /already exists/);
    assert.throws(() => renameProfile(state, 'p-1', 'STAGING'), /already exists/);
    assert.equal(renameProfile(state, 'p-2', 'Staging').profiles[1].name, 'Staging', 'a profile may keep its own name');
    state = removeProfile({ ...state, activeId: 'p-2' }, 'p-2');
    assert.equal(state.activeId, 'p-1', 'removing the active profile activates another');
    assert.throws(() => removeProfile(state, 'p-1'), /only profile/);
  });

  it('has one emulator profile, moved to the announced origin, named apart from a user profile of the same name', () => {
    let state = addProfile(migrateFromSettings(emptyEndpoints(), undefined, 'p-1'), { id: 'p-2', name: 'Local emulator', endpoints: emptyEndpoints() });
    state = withEmulatorProfile(state, ORIGIN);
    state = withEmulatorProfile(state, 'http://127.0.0.1:9999');
    const emulators = state.profiles.filter((p) => p.id === EMULATOR_PROFILE_ID);
    assert.equal(emulators.length, 1);
    assert.equal(emulators[0].emulatorOrigin, 'http://127.0.0.1:9999');
    assert.equal(emulators[0].name, `Local emulator (${ORIGIN})`);
  });

  it('reads back only what is a profiles list', () => {
    assert.equal(parseProfilesState(undefined), undefined);
    assert.equal(parseProfilesState({ profiles: [], activeId: 'x' }), undefined);
    const parsed = parseProfilesState({ activeId: 'p-1', profiles: [{ id: 'p-1', name: 'A', endpoints: { containers: 'abc', compilers: 5 } }, { id: 3 }] });
    assert.deepEqual(parsed, { activeId: 'p-1', profiles: [{ id: 'p-1', name: 'A', endpoints: { containers: 'abc', compilers: '', problems: '' } }] });
  });
});
