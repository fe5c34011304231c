// Where each module lives: the active profile's endpoint (customer id or URL); on the built-in
// emulator profile an empty one means the emulator's; otherwise nowhere yet.
import { type ApiModule, MODULE_LABELS, normaliseEndpoint, SphereApiError } from '../../api';
import { emulatorEndpoint } from './emulatorEnv';
import type { Profile } from './profiles';

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
  throw new SphereApiError({
    module,
    kind: 'invalidEndpoint',
    explanation: `The connection profile "${profile.name}" has no ${MODULE_LABELS[module]} endpoint. Run "Sphere Engine: Configure Endpoints" and enter your customer id.`,
    action: 'openSettings',
  });
}
