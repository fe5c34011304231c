// The emulator's machine-readable start line (emulator/main.ts):
//   EMULATOR_READY {"origin":…,"token":…,"sandboxed":…,"warning"?:…,"languages":[…],…}
// read by the extension when it starts the emulator bundled in the VSIX.

export const READY_PREFIX = 'EMULATOR_READY ';

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
