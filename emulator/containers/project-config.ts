// The project configuration (service-notes §1.2): scenarios of stages init/build/run/test/post.
// Parsing never throws: a broken configuration is data (it ends submissions with status 22 and
// its problems go to the debug_log stream), not an emulator fault.

export const STAGES = ['init', 'build', 'run', 'test', 'post'] as const;
export type StageName = (typeof STAGES)[number];

/** Seconds a stage may run when its configuration gives no timeout. */
export const DEFAULT_STAGE_TIMEOUT_SEC = 30;

export interface StageConfig {
  /** null: the stage is skipped. */
  command: string | null;
  timeoutSec: number;
}

export interface Scenario {
  name: string;
  isDefault: boolean;
  network: boolean;
  stages: Record<StageName, StageConfig>;
}

export type ParsedConfig = { ok: true; scenarios: Scenario[] } | { ok: false; problems: string[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseStage(scenario: string, stage: StageName, raw: unknown, problems: string[]): StageConfig {
  const where = `scenarios.${scenario}.stages.${stage}`;
  if (raw === undefined || raw === null) return { command: null, timeoutSec: DEFAULT_STAGE_TIMEOUT_SEC };
  if (!isObject(raw)) {
    problems.push(`${where} must be an object`);
    return { command: null, timeoutSec: DEFAULT_STAGE_TIMEOUT_SEC };
  }
  let command: string | null = null;
  if (raw.command !== undefined && raw.command !== null) {
    if (typeof raw.command === 'string') command = raw.command.trim() === '' ? null : raw.command;
    else problems.push(`${where}.command must be a string (a shell command or a script path), got ${JSON.stringify(raw.command)}`);
  }
  if (raw.skip === true) command = null;
  let timeoutSec = DEFAULT_STAGE_TIMEOUT_SEC;
  if (raw.timeout !== undefined && raw.timeout !== null) {
    if (typeof raw.timeout === 'number' && Number.isFinite(raw.timeout) && raw.timeout > 0) timeoutSec = raw.timeout;
    else problems.push(`${where}.timeout must be a positive number of seconds, got ${JSON.stringify(raw.timeout)}`);
  }
  return { command, timeoutSec };
}

export function parseProjectConfig(text: string): ParsedConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [`project_config is not valid JSON: ${(err as Error).message}`] };
  }
  const problems: string[] = [];
  if (!isObject(raw) || !isObject(raw.scenarios)) {
    return { ok: false, problems: ['project_config must be an object with a "scenarios" object'] };
  }
  const scenarios: Scenario[] = [];
  for (const [name, value] of Object.entries(raw.scenarios)) {
    if (!isObject(value)) {
      problems.push(`scenarios.${name} must be an object`);
      continue;
    }
    const stagesRaw = value.stages === undefined ? {} : value.stages;
    if (!isObject(stagesRaw)) {
      problems.push(`scenarios.${name}.stages must be an object`);
      continue;
    }
    for (const key of Object.keys(stagesRaw)) {
      if (!(STAGES as readonly string[]).includes(key)) problems.push(`scenarios.${name}.stages.${key} is not a stage (use ${STAGES.join(', ')})`);
    }
    const stages = {} as Record<StageName, StageConfig>;
    for (const stage of STAGES) stages[stage] = parseStage(name, stage, stagesRaw[stage], problems);
    if (STAGES.every((s) => stages[s].command === null)) problems.push(`scenarios.${name} defines no stage with a command`);
    scenarios.push({ name, isDefault: value.default === true, network: value.network === true, stages });
  }
  if (scenarios.length === 0) problems.push('project_config defines no scenario');
  if (problems.length) return { ok: false, problems };
  return { ok: true, scenarios };
}

/** The scenario run when a submission names none: the one marked default, else the only one. */
export function defaultScenario(scenarios: Scenario[]): Scenario | undefined {
  return scenarios.find((s) => s.isDefault) ?? (scenarios.length === 1 ? scenarios[0] : undefined);
}
