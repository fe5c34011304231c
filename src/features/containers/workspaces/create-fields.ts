// The creation fields of POST /workspaces with the spec's defaults and bounds (no `vscode`).
// Only current field names: the deprecated aliases are never sent.

export interface WorkspaceSettings {
  /** Minutes of inactivity before the workspace stops. */
  inactivityTimeout: number;
  /** Minutes a stopped workspace is kept; 0 means it cannot be resumed (nor stopped). */
  retentionTimeStopped: number;
  /** Minutes after which it is removed whatever happens; 0 disables. */
  retentionTimeTotal: number;
  autoResume: boolean;
  workspaceTokenRequired: boolean;
}

export interface NumberField {
  key: 'inactivityTimeout' | 'retentionTimeStopped' | 'retentionTimeTotal';
  title: string;
  prompt: string;
  min: number;
  max: number;
  default: number;
}

export const NUMBER_FIELDS: readonly NumberField[] = [
  { key: 'inactivityTimeout', title: 'Inactivity timeout (minutes)', prompt: 'Minutes without use before the workspace stops (10 to 60).', min: 10, max: 60, default: 15 },
  {
    key: 'retentionTimeStopped',
    title: 'Keep when stopped (minutes)',
    prompt: 'Minutes a stopped workspace is kept so it can be resumed (0 to 43200; 0 means it cannot be resumed).',
    min: 0,
    max: 43200,
    default: 0,
  },
  {
    key: 'retentionTimeTotal',
    title: 'Remove after (minutes)',
    prompt: 'Minutes after which the workspace is removed whatever happens (0 to 43200; 0 never).',
    min: 0,
    max: 43200,
    default: 0,
  },
];

export const DEFAULT_SETTINGS: WorkspaceSettings = {
  inactivityTimeout: 15,
  retentionTimeStopped: 0,
  retentionTimeTotal: 0,
  autoResume: true,
  workspaceTokenRequired: false,
};

/** An error text for the input box, or undefined when the value is a whole number in bounds. */
export function validateMinutes(field: NumberField, raw: string): string | undefined {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return `Enter a whole number of minutes between ${field.min} and ${field.max}.`;
  const value = Number(text);
  if (value < field.min || value > field.max) return `Must be between ${field.min} and ${field.max}.`;
  return undefined;
}

/** Fills the gaps with the defaults and refuses values out of the spec's bounds. */
export function settingsFrom(partial: Partial<WorkspaceSettings>): WorkspaceSettings {
  const settings = { ...DEFAULT_SETTINGS, ...stripUndefined(partial) };
  for (const field of NUMBER_FIELDS) {
    const problem = validateMinutes(field, String(settings[field.key]));
    if (problem) throw new RangeError(`${field.title}: ${problem}`);
  }
  return settings;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function describeSettings(s: WorkspaceSettings): string {
  return [
    `stops after ${s.inactivityTimeout} min idle`,
    s.retentionTimeStopped ? `kept ${s.retentionTimeStopped} min when stopped` : 'not kept when stopped',
    s.retentionTimeTotal ? `removed after ${s.retentionTimeTotal} min` : 'never removed automatically',
    s.autoResume ? 'auto-resume on' : 'auto-resume off',
  ].join(', ');
}
