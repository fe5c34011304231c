// The scenarios a Containers project offers, read from its `project_config` (a JSON string).
// The default scenario comes first, so a quick pick's first row is what the service would run.
// An unreadable config or one without scenarios gives an empty list: the caller asks for free text.

export interface ScenarioChoice {
  name: string;
  isDefault: boolean;
  /** The stages the scenario runs, for the pick's description. */
  stages: string[];
}

export function projectScenarios(projectConfig: string | undefined | null): ScenarioChoice[] {
  if (!projectConfig) return [];
  let config: unknown;
  try {
    config = JSON.parse(projectConfig);
  } catch {
    return [];
  }
  const scenarios = (config as { scenarios?: unknown } | null)?.scenarios;
  if (!scenarios || typeof scenarios !== 'object' || Array.isArray(scenarios)) return [];
  const choices = Object.entries(scenarios as Record<string, unknown>).map(([name, value]): ScenarioChoice => {
    const v = (value ?? {}) as { default?: unknown; stages?: unknown };
    const stages = v.stages && typeof v.stages === 'object' ? Object.keys(v.stages as object) : [];
    return { name, isDefault: v.default === true, stages };
  });
  // Stable: the default first, the others in the config's order.
  return [...choices.filter((c) => c.isDefault), ...choices.filter((c) => !c.isDefault)];
}
