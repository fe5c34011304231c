// What the extension and the local emulator agree on about starting and finding an emulator:
// - the ready line the emulator prints once it serves (emulator/main.ts writes it, the extension
//   and the test runners read it): `EMULATOR_READY {"origin":…,"token":…,"sandboxed":…,…}`;
// - the token challenge: POST /__emulator/challenge?nonce=<random hex> answers
//   HMAC-SHA256(token, "sphere-engine-emulator-challenge:" + nonce), so a window can prove that an
//   emulator it finds knows the data directory's token without ever sending it;
// - the names of the files in the emulator's data directory (its tokens) and in the extension's
//   storage (the instance file a window writes for the others);
// - whether the process such a file names still runs (processAlive): a window asks it of the
//   instance file's emulator, the emulator of its data directory's pid file and of its private
//   folders' owners, and the two must answer alike.

import { createHmac } from 'node:crypto';

export const READY_PREFIX = 'EMULATOR_READY ';

/** The emulator's own token file in its data directory, readable only by its user (0600). */
export const TOKEN_FILE = 'access-token';
/** Beside it, the token that may read and submit but not change content. */
export const READ_ONLY_TOKEN_FILE = 'access-token-read-only';
/** In the extension's global storage: the emulator a window started, for the other windows (no token in it). */
export const INSTANCE_FILE = 'instance.json';

export const CHALLENGE_PATH = '/__emulator/challenge';
/** A nonce the challenge takes: 32 to 128 lowercase hex digits. */
export const CHALLENGE_NONCE = /^[0-9a-f]{32,128}$/;

/** The proof an emulator that knows `token` gives for `nonce`. */
export function challengeProof(token: string, nonce: string): string {
  return createHmac('sha256', token).update(`sphere-engine-emulator-challenge:${nonce}`).digest('hex');
}

export interface EmulatorReady {
  /** e.g. http://127.0.0.1:41315, without a trailing slash. */
  origin: string;
  token: string;
  /** False when programs run without bubblewrap, as the user (`warning` says so). */
  sandboxed: boolean;
  warning?: string;
  /** Languages whose toolchain was found, e.g. "Python 3 (CPython 3.11.7)". */
  languages: string[];
  /** Known languages whose toolchain is missing. */
  missingLanguages: string[];
  /** How to add a language, in the emulator's words. */
  addLanguage?: string;
  /** How limits are enforced: the python3 supervisor, or the Node fallback (limitsNote says what differs). */
  limits?: 'python3' | 'node';
  limitsNote?: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The ready line's fields, or undefined when `line` is not one (or not the expected JSON). */
export function parseReadyLine(line: string): EmulatorReady | undefined {
  if (!line.startsWith(READY_PREFIX)) return undefined;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line.slice(READY_PREFIX.length)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const origin = text(raw.origin);
  const token = text(raw.token);
  if (!origin || !token) return undefined;
  const limits = raw.limits === 'python3' || raw.limits === 'node' ? raw.limits : undefined;
  return {
    origin: origin.replace(/\/+$/, ''),
    token,
    sandboxed: raw.sandboxed !== false,
    warning: text(raw.warning),
    languages: strings(raw.languages),
    missingLanguages: strings(raw.missingLanguages),
    addLanguage: text(raw.addLanguage),
    limits,
    limitsNote: text(raw.limitsNote),
  };
}

/** The ready line for `fields` (the emulator prints it; extra fields are kept for scripts). */
export function formatReadyLine(fields: EmulatorReady & Record<string, unknown>): string {
  return `${READY_PREFIX}${JSON.stringify(fields)}`;
}

/** Whether a process exists: kill(pid, 0) says so without signalling; EPERM means it exists but belongs to another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
