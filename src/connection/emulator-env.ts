// The local emulator announces itself through SPHERE_ENGINE_EMULATOR, a JSON object
// {"origin":"http://127.0.0.1:PORT","token":"...","sandboxed":false,"warning":"..."} set by
// `npm start` and the host tests (sandboxed and warning are absent from older emulators).
// It is a development aid: when present, empty endpoint settings fall back to it and
// modules without a stored token are seeded with its token.
import { type ApiModule, isLoopbackOrigin } from '../api';

export const EMULATOR_ENV_VAR = 'SPHERE_ENGINE_EMULATOR';

export interface EmulatorInfo {
  /** e.g. http://127.0.0.1:4000, without a trailing slash */
  origin: string;
  token: string;
  /** False when the emulator runs programs without a sandbox, as the user (`warning` says so); unknown when absent. */
  sandboxed?: boolean;
  warning?: string;
}

/**
 * Why the variable is refused: its origin is not a loopback address. Its token is seeded into
 * every module without one, so an origin elsewhere (set by whatever started VS Code) would receive
 * tokens and code; only the local emulator may be announced this way.
 */
export function emulatorEnvRefusal(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const origin = (JSON.parse(env[EMULATOR_ENV_VAR] ?? '') as Partial<EmulatorInfo>)?.origin;
    if (typeof origin === 'string' && origin && !isLoopbackOrigin(origin.replace(/\/+$/, ''))) {
      return `${EMULATOR_ENV_VAR} was ignored: its origin ${JSON.stringify(origin.slice(0, 200))} is not on this machine (only http://127.0.0.1:PORT, http://localhost:PORT or http://[::1]:PORT may announce the local emulator). Unset the variable, or point it at the emulator's loopback address.`;
    }
  } catch {
    // not JSON: ignored as before
  }
  return undefined;
}

/** Reads the variable; undefined when it is absent, not the expected JSON, or not a loopback origin. */
export function readEmulatorEnv(env: NodeJS.ProcessEnv = process.env): EmulatorInfo | undefined {
  const raw = env[EMULATOR_ENV_VAR];
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<EmulatorInfo>;
    if (typeof parsed.origin !== 'string' || typeof parsed.token !== 'string' || !parsed.origin) return undefined;
    if (!isLoopbackOrigin(parsed.origin.replace(/\/+$/, ''))) return undefined;
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
