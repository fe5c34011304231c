// Where each module lives: the active profile's endpoint (customer id or URL); on the built-in
// emulator profile an empty one means the emulator's, and nowhere while that emulator is not
// running (its origin is forgotten when it stops): then the answer is "start it", never "configure
// endpoints".
import { type ApiModule, MODULE_LABELS, normaliseEndpoint, SphereApiError } from '../api';
import { emulatorEndpoint } from './emulator-env';
import { isEmulatorProfile, type Profile } from './profiles';

/** 'setting': typed into the profile; 'emulator': the built-in profile's emulator. */
export type EndpointSource = 'setting' | 'emulator';

export interface ResolvedEndpoint {
  /** Normalised base URL without the /api/vN path. */
  baseUrl: string;
  source: EndpointSource;
}

/** Throws a SphereApiError (action: open settings) when the profile has no endpoint for the module or it is invalid. */
export function resolveEndpoint(module: ApiModule, profile: Profile): ResolvedEndpoint {
  const typed = profile.endpoints[module];
  if (typed) return { baseUrl: normaliseEndpoint(module, typed), source: 'setting' };
  if (profile.emulatorOrigin) return { baseUrl: normaliseEndpoint(module, emulatorEndpoint(profile.emulatorOrigin, module)), source: 'emulator' };
  if (isEmulatorProfile(profile)) throw emulatorNotRunningError(module, profile);
  throw new SphereApiError({
    module,
    kind: 'invalidEndpoint',
    explanation: `The connection profile "${profile.name}" has no ${MODULE_LABELS[module]} endpoint. Run "Sphere Engine: Configure Endpoints" and enter your customer id.`,
    action: 'openSettings',
  });
}

/** The built-in emulator profile's emulator is not running: start it (or switch profiles). */
export function emulatorNotRunningError(module: ApiModule, profile: Pick<Profile, 'name'>): SphereApiError {
  return new SphereApiError({
    module,
    kind: 'invalidEndpoint',
    explanation: `The local emulator is not running (the connection profile "${profile.name}" uses it). Run "Sphere Engine: Start Local Emulator", or switch to another profile.`,
    action: 'startLocalEmulator',
  });
}
