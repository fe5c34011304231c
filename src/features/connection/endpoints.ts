// Where each module lives: the user's setting (customer id or URL) first, the local emulator
// when the setting is empty and SPHERE_ENGINE_EMULATOR is set, otherwise nowhere yet.
import { normaliseEndpoint } from '../../api/endpoint';
import { SphereApiError } from '../../api/errors';
import { MODULE_LABELS, type ApiModule } from '../../api/modules';
import { emulatorEndpoint, type EmulatorInfo } from './emulatorEnv';
import { endpointSettingKey, readEndpointSetting } from './settings';

export type EndpointSource = 'setting' | 'emulator';

export interface ResolvedEndpoint {
  /** Normalised base URL without the /api/vN path. */
  baseUrl: string;
  source: EndpointSource;
}

/** Throws a SphereApiError (action: open settings) when no endpoint is configured or it is invalid. */
export function resolveEndpoint(module: ApiModule, emulator: EmulatorInfo | undefined): ResolvedEndpoint {
  const setting = readEndpointSetting(module);
  if (setting) return { baseUrl: normaliseEndpoint(module, setting), source: 'setting' };
  if (emulator) return { baseUrl: normaliseEndpoint(module, emulatorEndpoint(emulator.origin, module)), source: 'emulator' };
  throw new SphereApiError({
    module,
    kind: 'invalidEndpoint',
    explanation: `No ${MODULE_LABELS[module]} endpoint is configured. Enter your customer id in the setting ${endpointSettingKey(module)}.`,
    action: 'openSettings',
  });
}
