// Use Local Emulator, the part without questions: switch to the built-in "Local emulator" profile
// pointed at a running emulator and sign all three modules in there with its token. The modules
// are tested at the emulator BEFORE anything changes: a wrong address or token leaves the active
// profile as it was, and a failure after the switch switches back. Other profiles and their
// tokens are left as they are. The command (features/connection/emulator-command.ts) asks for the
// address and token when no emulator is announced, and says what happened.
import { API_MODULES, type ApiModule } from '../api';
import { emulatorEndpoint, type EmulatorInfo } from './emulator-env';
import { EMULATOR_PROFILE_ID, emptyEndpoints, withEmulatorProfile, type ProfilesState } from './profiles';
import type { ConnectionTestResult } from './test-result';

/** The part of Connection this needs (Connection.useEmulator passes itself). */
export interface EmulatorSwitchTarget {
  test(module: ApiModule, options: { token: string; at: string }): Promise<ConnectionTestResult>;
  profiles(): ProfilesState;
  updateProfiles(next: ProfilesState, why: string): Promise<void>;
  setToken(module: ApiModule, token: string, verified?: ConnectionTestResult): Promise<void>;
  /** Runs the switch as one step no view sees half done (the new endpoint with the old token: HTTP 401). */
  inOneStep<T>(why: string, change: () => Promise<T>): Promise<T>;
}

/** `switched`: the emulator profile is active and signed in; else `checks` say which module refused. */
export interface UseEmulatorResult {
  switched: boolean;
  checks: ConnectionTestResult[];
}

export async function switchToEmulator(target: EmulatorSwitchTarget, emulator: EmulatorInfo): Promise<UseEmulatorResult> {
  // Tested where it would point, before the profile changes.
  const checks = await Promise.all(API_MODULES.map((module) => target.test(module, { token: emulator.token, at: emulatorEndpoint(emulator.origin, module) })));
  if (checks.some((check) => !check.ok)) return { switched: false, checks };

  // All three modules on the emulator, as the command says, whatever was typed into the profile before.
  const previous = target.profiles();
  const withEmulator = withEmulatorProfile(previous, emulator.origin);
  const profiles = withEmulator.profiles.map((p) => (p.id === EMULATOR_PROFILE_ID ? { ...p, endpoints: emptyEndpoints() } : p));
  await target.inOneStep('Use Local Emulator', async () => {
    try {
      await target.updateProfiles({ profiles, activeId: EMULATOR_PROFILE_ID }, 'Use Local Emulator');
      for (const check of checks) await target.setToken(check.module, emulator.token, check);
    } catch (err) {
      await target.updateProfiles(previous, 'Use Local Emulator failed: back to the previous profile');
      throw err;
    }
  });
  return { switched: true, checks };
}
