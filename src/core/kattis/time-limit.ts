// Time limits as Kattis computes them. A package rarely states its time limit: Kattis runs the
// accepted submissions and multiplies the slowest one's time. Both format versions are read:
//   legacy (problemtools):  limit = max(1, round(slowest × time_multiplier)), default multiplier 5;
//                           submissions that must time out do so even at
//                           max(limit + 1, round(slowest × time_multiplier × time_safety_margin)), default margin 2.
//   2023-07:                limit = slowest × ac_to_time_limit (default 2) rounded up to a multiple
//                           of time_resolution (default 1 s); time-outs even at limit × time_limit_to_tle (default 1.5).
//                           An explicit `limits.time_limit` is used as it stands.
// The legacy `.timelimit` file (DOMjudge, Kattis's own tools) also fixes the limit.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, yamlNumber, type YamlMap } from './yaml-values';

export type KattisFormat = 'legacy' | '2023-07';

/**
 * What problem.yaml calls the rule's multiplier and margin, by format: read here, and named by the
 * reports that explain a limit (import, measure, bounds) and by the export that writes them.
 */
export const RULE_KEYS: Readonly<Record<KattisFormat, { readonly multiplier: string; readonly margin: string }>> = {
  legacy: { multiplier: 'time_multiplier', margin: 'time_safety_margin' },
  '2023-07': { multiplier: 'ac_to_time_limit', margin: 'time_limit_to_tle' },
};

export interface TimeLimitRule {
  format: KattisFormat;
  /** time_multiplier (legacy) or ac_to_time_limit (2023-07). */
  multiplier: number;
  /** time_safety_margin (legacy) or time_limit_to_tle (2023-07). */
  margin: number;
  /** 2023-07 time_resolution, seconds. */
  resolution: number;
  /** The limit the package states, seconds; absent: derived from the accepted submissions. */
  fixed?: number;
  /** Where the fixed limit or the multipliers come from, for the import's report. */
  source: string;
}

export interface DerivedLimit {
  /** The time limit, seconds. */
  limit: number;
  /** The time submissions expected to time out must exceed (Kattis's safety margin). */
  tleLimit: number;
}

/** The package's format version: 2023-07 when problem_format_version names it (any 2023-07 draft or later). */
export function formatOf(yaml: YamlMap): KattisFormat {
  const v = String(yaml.problem_format_version ?? 'legacy').trim();
  return v === 'legacy' || v === '' ? 'legacy' : '2023-07';
}

export function timeLimitRule(pkg: string, yaml: YamlMap): TimeLimitRule {
  const format = formatOf(yaml);
  const limits = isMap(yaml.limits) ? yaml.limits : {};
  const positive = (v: number | undefined) => (v !== undefined && v > 0 ? v : undefined);
  const timelimitFile = path.join(pkg, '.timelimit');
  const fromFile = fs.existsSync(timelimitFile) && fs.lstatSync(timelimitFile).isFile() ? positive(Number(fs.readFileSync(timelimitFile, 'utf8').trim()) || undefined) : undefined;
  // limits.time_limit is 2023-07's; a legacy package that states it means it too.
  const stated = positive(yamlNumber(limits.time_limit));
  const fixed = stated ?? fromFile;
  const fixedPart = fixed !== undefined ? { fixed, source: stated !== undefined ? 'limits.time_limit' : '.timelimit' } : undefined;
  const keys = RULE_KEYS[format];
  if (format === 'legacy') {
    return {
      format,
      multiplier: positive(yamlNumber(limits[keys.multiplier])) ?? 5,
      margin: positive(yamlNumber(limits[keys.margin])) ?? 2,
      resolution: 1,
      source: `limits.${keys.multiplier} and limits.${keys.margin} (legacy format)`,
      ...fixedPart,
    };
  }
  const m = isMap(limits.time_multipliers) ? limits.time_multipliers : {};
  return {
    format,
    multiplier: positive(yamlNumber(m[keys.multiplier])) ?? 2,
    margin: positive(yamlNumber(m[keys.margin])) ?? 1.5,
    resolution: positive(yamlNumber(limits.time_resolution)) ?? 1,
    source: 'limits.time_multipliers (2023-07 format)',
    ...fixedPart,
  };
}

/** problemtools rounds halves up (int(0.5 + x)). */
const roundHalfUp = (x: number) => Math.floor(0.5 + x);
/** Seconds to the millisecond: 0.1 × 3 is 0.3, not 0.30000000000000004. */
export const ms = (x: number) => Math.round(x * 1000) / 1000;

/** The limit from the slowest accepted submission's time (seconds), by the package's rule. */
export function deriveTimeLimit(rule: TimeLimitRule, slowest: number): DerivedLimit {
  if (rule.fixed !== undefined) return { limit: rule.fixed, tleLimit: ms(rule.fixed * rule.margin) };
  const exact = slowest * rule.multiplier;
  if (rule.format === 'legacy') {
    const limit = Math.max(1, roundHalfUp(exact));
    return { limit, tleLimit: Math.max(limit + 1, roundHalfUp(exact * rule.margin)) };
  }
  // A hair of tolerance so that 0.3 / 0.1 does not round up to 4 steps.
  const steps = Math.max(1, Math.ceil(exact / rule.resolution - 1e-9));
  const limit = ms(steps * rule.resolution);
  return { limit, tleLimit: ms(limit * rule.margin) };
}
