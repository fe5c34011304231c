// The local emulator announces itself through SPHERE_ENGINE_EMULATOR, a JSON object
// {"origin":"http://127.0.0.1:PORT","token":"...","sandboxed":false,"warning":"..."} set by
// `npm start` and the host tests (sandboxed and warning are absent from older emulators).
// It is a development aid: when present, empty endpoint settings fall back to it and
// modules without a stored token are seeded with its token.
import type { ApiModule } from '../../api';

export const EMULATOR_ENV_VAR = 'SPHERE_ENGINE_EMULATOR';

export interface EmulatorInfo {
  /** e.g. http://127.0.0.1:4000, without a trailing slash */
  origin: string;
  token: string;
  /** False when the emulator runs programs without a sandbox, as the user (`warning` says so); unknown when absent. */
  sandboxed?: boolean;
  warning?: string;
}

/** Reads the variable; undefined when it is absent or not the expected JSON. */
export function readEmulatorEnv(env: NodeJS.ProcessEnv = process.env): EmulatorInfo | undefined {
  const raw = env[EMULATOR_ENV_VAR];
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<EmulatorInfo>;
    if (typeof parsed.origin !== 'string' || typeof parsed.token !== 'string' || !parsed.origin) return undefined;
    const info: EmulatorInfo = { origin: parsed.origin.replace(/\/+$/, ''), token: parsed.token };
    if (typeof parsed.sandboxed === 'boolean') info.sandboxed = parsed.sandboxed;
    if (parsed.sandboxed === false && typeof parsed.warning === 'string') info.warning = parsed.warning;
    return info;
  } catch {
    return undefined;
  }
}

/** The emulator serves each module under its own path: `${origin}/containers` and so on. */
export function emulatorEndpoint(origin: string, module: ApiModule): string {
  return `${origin.replace(/\/+$/, '')}/${module}`;
}
