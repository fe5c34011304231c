// Reading a package's submissions/submissions.yaml (2023-07 format, "Example submissions") into the
// expectations a problem folder keeps (expectations.ts): for one submission, its folder's default
// rule with the keys the file overrides for that folder, then every other top-level glob that
// matches it or a folder above it; keys naming test data groups become rules scoped to them. A
// submission in a folder the format does not name (e.g. `slow_accepted/`) is imported only when a
// glob gives it expectations: problemtools does not judge it otherwise either. What the file says
// that cannot be checked on the service is returned as notes.
import type { Verdict } from '../problem-folder';
import { DEFAULT_DIRECTORY_RULES, KATTIS_VERDICTS, globMatches, type ExpectationRule, type KattisExpectation, type KattisVerdict } from './expectations';
import { isMap, yamlNumber, yamlString, type YamlMap, type YamlValue } from './yaml-values';

const RULE_KEYS = ['permitted', 'required', 'score', 'message', 'use_for_time_limit'];
/** Keys about the submission itself: kept in the file for export, nothing to check. */
const SUBMISSION_KEYS = ['language', 'entrypoint', 'authors', 'model_solution'];

/** The folder verdict of each package folder problemtools (legacy) or the 2023-07 defaults name. */
const FOLDER_VERDICT: Record<string, Verdict> = {
  accepted: 'accepted',
  wrong_answer: 'wrong_answer',
  time_limit_exceeded: 'time_limit_exceeded',
  run_time_error: 'runtime_error',
  partially_accepted: 'partially_accepted',
  rejected: 'rejected',
  brute_force: 'rejected',
};
const LETTER_FOLDER: Record<KattisVerdict, Verdict> = { AC: 'accepted', WA: 'wrong_answer', TLE: 'time_limit_exceeded', RTE: 'runtime_error' };

function verdictList(v: YamlValue | undefined, where: string, problems: string[]): KattisVerdict[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v.map((x) => yamlString(x) ?? '') : [];
  const bad = list.filter((x) => !(KATTIS_VERDICTS as readonly string[]).includes(x));
  if (!Array.isArray(v) || bad.length) {
    problems.push(`submissions/submissions.yaml: ${where} must be a list of AC, WA, TLE, RTE${bad.length ? ` (not ${bad.join(', ')})` : ''}; it is not checked.`);
    return undefined;
  }
  return list as KattisVerdict[];
}

function ruleOf(key: string, scope: string, map: YamlMap, problems: string[]): Omit<ExpectationRule, 'key' | 'scope'> {
  const where = `"${key}"${scope ? ` ${scope}` : ''}`;
  const rule: Omit<ExpectationRule, 'key' | 'scope'> = {};
  const permitted = verdictList(map.permitted, `${where} permitted`, problems);
  const required = verdictList(map.required, `${where} required`, problems);
  if (permitted) rule.permitted = permitted;
  if (required) rule.required = required;
  const score = Array.isArray(map.score) ? map.score.map((x) => yamlNumber(x)) : yamlNumber(map.score);
  if (typeof score === 'number') rule.score = score;
  else if (Array.isArray(score) && score.length === 2 && score.every((x) => x !== undefined)) rule.score = [score[0]!, score[1]!];
  else if (map.score !== undefined) problems.push(`submissions/submissions.yaml: ${where} score must be a number or a list of two; it is not checked.`);
  const message = yamlString(map.message);
  if (message !== undefined) rule.message = message;
  const use = map.use_for_time_limit;
  if (use === true || use === false || use === 'lower' || use === 'upper') rule.useForTimeLimit = use;
  return rule;
}

const hasRule = (r: Omit<ExpectationRule, 'key' | 'scope'>) => Object.keys(r).length > 0;

/** The rules of one submissions.yaml entry: its own keys (every test), and each test data group's. */
function rulesOfEntry(key: string, entry: YamlMap, problems: string[]): ExpectationRule[] {
  const rules: ExpectationRule[] = [];
  const own = ruleOf(key, '', entry, problems);
  if (hasRule(own)) rules.push({ key, scope: '', ...own });
  for (const [scope, value] of Object.entries(entry)) {
    if (RULE_KEYS.includes(scope) || SUBMISSION_KEYS.includes(scope)) continue;
    if (!isMap(value)) {
      problems.push(`submissions/submissions.yaml: "${key}" ${scope} is neither a known key nor a test data group's rules; it is not checked.`);
      continue;
    }
    const scoped = ruleOf(key, scope, value, problems);
    if (hasRule(scoped)) rules.push({ key, scope, ...scoped });
  }
  return rules;
}

/** A submission's expectations, or undefined when the file says nothing of it (its folder's verdict stands). */
export function expectationFor(yaml: YamlMap, kattisPath: string, problems: string[]): KattisExpectation | undefined {
  const dir = kattisPath.split('/')[0];
  const defaults = DEFAULT_DIRECTORY_RULES[dir];
  const rules: ExpectationRule[] = [];
  let said = false;
  let entrypoint: string | undefined;
  if (defaults) {
    // The folder's default rule; keys the file gives for the folder's own name replace it.
    const override = isMap(yaml[dir]) ? (yaml[dir] as YamlMap) : undefined;
    const overridden = override ? ruleOf(dir, '', override, problems) : {};
    rules.push({ key: dir, scope: '', ...defaults, ...overridden });
    if (override) {
      said = true;
      rules.push(...rulesOfEntry(dir, override, problems).filter((r) => r.scope !== ''));
    }
  }
  for (const [key, entry] of Object.entries(yaml)) {
    if ((defaults && key === dir) || !globMatches(key, kattisPath)) continue;
    said = true;
    if (isMap(entry) && typeof entry.entrypoint === 'string') entrypoint = entry.entrypoint;
    if (isMap(entry)) rules.push(...rulesOfEntry(key, entry, problems));
    else problems.push(`submissions/submissions.yaml: "${key}" is not a map of expectations; it is not checked.`);
  }
  return said ? { kattisPath, rules, ...(entrypoint !== undefined ? { entrypoint } : {}) } : undefined;
}

/**
 * The solutions/<verdict>/ folder of a submission: its package folder's when the format names it,
 * else the verdict its rules for every test come down to (permitted [AC]: accepted; one failing
 * verdict permitted and required: that one's folder; AC not permitted or never enough: rejected).
 */
export function folderVerdictFor(kattisPath: string, exp: KattisExpectation | undefined, scoring: boolean): Verdict | undefined {
  const dir = kattisPath.split('/')[0];
  if (FOLDER_VERDICT[dir] && (dir !== 'partially_accepted' || scoring)) return FOLDER_VERDICT[dir];
  if (!exp) return undefined;
  const whole = exp.rules.filter((r) => r.scope === '');
  let permitted = new Set<string>(KATTIS_VERDICTS);
  for (const r of whole) if (r.permitted) permitted = new Set(r.permitted.filter((v) => permitted.has(v)));
  const required = whole.filter((r) => r.required).map((r) => new Set<string>(r.required));
  if (permitted.size === 1 && permitted.has('AC')) return 'accepted';
  const failing = [...permitted].filter((v) => v !== 'AC');
  if (failing.length === 1 && required.some((s) => s.has(failing[0]))) return LETTER_FOLDER[failing[0] as KattisVerdict];
  if (!permitted.has('AC') || required.some((s) => !s.has('AC'))) return 'rejected';
  if (scoring && whole.some((r) => r.score !== undefined)) return 'partially_accepted';
  return 'accepted';
}

/** What the file asks that `check` cannot verify on the service, once per kind. */
export function uncheckedNotes(expectations: KattisExpectation[]): string[] {
  const rules = expectations.flatMap((e) => e.rules);
  const notes: string[] = [];
  if (rules.some((r) => r.message !== undefined))
    notes.push('submissions.yaml "message" expectations are kept for export but not checked: the service does not return a judge\'s messages.');
  if (rules.some((r) => r.score !== undefined && r.scope !== ''))
    notes.push(
      'submissions.yaml scores of single test data groups are kept for export but not checked: the service reports the score of the whole submission (as problemtools checks it too).',
    );
  return notes;
}
