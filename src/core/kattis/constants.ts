// problem.yaml `constants` (package format 2025-09): `constants: {max_n: 1000, eps: 1e-6}` and a
// `{{max_n}}` anywhere the format allows one stands for the value. The importer substitutes them in
// the statement (Markdown or LaTeX) and in problem.yaml's own values (so `limits.time_limit:
// "{{tl}}"` is a number again); a value that is exactly one `{{name}}` takes the constant's type.
// A constant may also be a map with `value` (the format's per-use spellings): `value` is used.
// An unknown name is left as written and reported, as problemtools' verifier would flag it.
import { isMap, type YamlMap, type YamlValue } from './yaml-values';

/** The format's constant names; anything else in `constants` is reported, not used. */
const NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const USE = /\{\{([^{}]*)\}\}/g;

export interface Constants {
  values: Map<string, string | number>;
  /** What was wrong in `constants` or in a use of one: for the import's notes. */
  problems: string[];
}

export function readConstants(yaml: YamlMap): Constants {
  const values = new Map<string, string | number>();
  const problems: string[] = [];
  const raw = yaml.constants;
  if (raw !== undefined && !isMap(raw)) problems.push('problem.yaml: `constants` is not a map of names to values; no constant is substituted.');
  for (const [name, v] of Object.entries(isMap(raw) ? raw : {})) {
    const value = isMap(v) ? v.value : v;
    if (!NAME.test(name)) problems.push(`problem.yaml: constant "${name}" is not a valid name (letters, digits, _; not starting with a digit); it is not substituted.`);
    else if (typeof value === 'number' || typeof value === 'string') values.set(name, value);
    else problems.push(`problem.yaml: constant "${name}" has no number or string value; it is not substituted.`);
  }
  return { values, problems };
}

/** `{{name}}` → the constant's value in a text; unknown names are kept and reported once each. */
export function substituteText(text: string, c: Constants, where: string): string {
  return text.replace(USE, (whole, name: string) => {
    const v = c.values.get(name.trim());
    if (v !== undefined) return String(v);
    const problem = `${where}: ${whole} names no constant in problem.yaml's \`constants\`; it is kept as written.`;
    if (!c.problems.includes(problem)) c.problems.push(problem);
    return whole;
  });
}

/** problem.yaml's values with constants substituted (the `constants` map itself untouched). */
export function substituteYaml(yaml: YamlMap, c: Constants): YamlMap {
  if (!c.values.size) return yaml;
  const walk = (v: YamlValue): YamlValue => {
    if (typeof v === 'string') {
      const only = /^\s*\{\{([^{}]*)\}\}\s*$/.exec(v);
      const whole = only ? c.values.get(only[1].trim()) : undefined;
      return whole !== undefined ? whole : substituteText(v, c, 'problem.yaml');
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isMap(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return Object.fromEntries(Object.entries(yaml).map(([k, v]) => [k, k === 'constants' ? v : walk(v)]));
}
