// problem.yaml `constants` (package format 2025-09, "Constants"): `constants: {max_n: 1000}` and a
// `{{max_n}}` stands for the value; a constant may be a map with `value` and variant spellings
// (`{{k.tex}}`; `{{k.value}}` is `{{k}}`). The format replaces them in exactly these files:
// Markdown statements, input and output validators, include/ files, example submissions and
// test_group.yaml — and NOT in test data or problem.yaml itself. So the importer substitutes them
// in the statement, the adapted output validator, the include/ files and submissions it sends and
// test_group.yaml before reading it; a `{{name}}` in problem.yaml stays as written and is reported.
// Kept copies for export (kattis-package/) keep the sequences, so an export is the package again.
// An unknown name is left as written and reported, as the format lets tools warn.
import { isMap, type YamlMap, type YamlValue } from './yaml-values';

/** The format's constant names; anything else in `constants` is reported, not used. */
const NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const USE = /\{\{([^{}\s]*)\}\}/g;
/** Markdown statement commands of the format written like constants, never reported as unknown. */
const COMMANDS = new Set(['nextsample', 'remainingsamples']);

export interface Constants {
  /** `name` (its value), `name.value` and `name.variant` → the text it stands for. */
  values: Map<string, string | number>;
  /** What was wrong in `constants` or in a use of one: for the import's notes. */
  problems: string[];
}

const scalar = (v: YamlValue | undefined): v is string | number => typeof v === 'number' || typeof v === 'string';

export function readConstants(yaml: YamlMap): Constants {
  const values = new Map<string, string | number>();
  const problems: string[] = [];
  const raw = yaml.constants;
  if (raw !== undefined && !isMap(raw)) problems.push('problem.yaml: `constants` is not a map of names to values; no constant is substituted.');
  for (const [name, v] of Object.entries(isMap(raw) ? raw : {})) {
    const value = isMap(v) ? v.value : v;
    if (!NAME.test(name)) problems.push(`problem.yaml: constant "${name}" is not a valid name (letters, digits, _; not starting with a digit); it is not substituted.`);
    else if (!scalar(value)) problems.push(`problem.yaml: constant "${name}" has no number or string value; it is not substituted.`);
    else {
      values.set(name, value).set(`${name}.value`, value);
      for (const [variant, spelling] of Object.entries(isMap(v) ? v : {})) {
        if (variant !== 'value' && scalar(spelling)) values.set(`${name}.${variant}`, spelling);
      }
    }
  }
  return { values, problems };
}

/** `{{name}}` / `{{name.variant}}` → the constant's text; unknown names are kept and reported once each. */
export function substituteText(text: string, c: Constants, where: string): string {
  return text.replace(USE, (whole, name: string) => {
    const v = c.values.get(name);
    if (v !== undefined) return String(v);
    if (COMMANDS.has(name)) return whole;
    const problem = `${where}: ${whole} names no constant in problem.yaml's \`constants\`; it is kept as written.`;
    if (!c.problems.includes(problem)) c.problems.push(problem);
    return whole;
  });
}

/**
 * A file's bytes with constants substituted, when it is UTF-8 text that uses one; otherwise the
 * bytes as they are (a binary file is never rewritten).
 */
export function substituteFile(bytes: Buffer, c: Constants, where: string): Buffer {
  if (!c.values.size || !bytes.includes('{{')) return bytes;
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return bytes;
  return Buffer.from(substituteText(text, c, where), 'utf8');
}

/**
 * The `{{…}}` sequences in problem.yaml's values (the `constants` map aside), reported: the format
 * does not replace them there, so a `time_limit: "{{tl}}"` is not a time limit.
 */
export function reportYamlUses(yaml: YamlMap, c: Constants): void {
  const found = new Set<string>();
  const walk = (v: YamlValue): void => {
    if (typeof v === 'string') for (const m of v.matchAll(USE)) found.add(m[0]);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isMap(v)) Object.values(v).forEach(walk);
  };
  for (const [k, v] of Object.entries(yaml)) if (k !== 'constants') walk(v);
  for (const use of found)
    c.problems.push(
      `problem.yaml: ${use} is not replaced: the format substitutes constants in statements, validators, include/ files, example submissions and test_group.yaml, never in problem.yaml itself; write the value there.`,
    );
}
