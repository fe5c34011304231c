// The test data of a Kattis package: data/sample, then data/secret, groups in natural name order,
// each with the configuration it inherits and its own testdata.yaml (legacy, 2023-07 draft) or
// test_group.yaml (2023-07): validator flags, and for scoring problems the score of a test, the
// group's aggregation and range. The group tree is what the scoring master judge grades.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ignoredName, listEntries, type PackageEntry } from './package-files';
import { substituteText, type Constants } from './constants';
import { isMap, readYamlFile, yamlNumber, yamlString, type YamlMap } from './yaml';

export interface PackageTest {
  input: string;
  /** The answer file; undefined for an interactive test without one (an empty answer). */
  answer?: string;
  flags: string;
  /** data/…/name.in, for messages. */
  rel: string;
}

/** How a group is graded (problemtools' default grader). */
export interface GroupConfig {
  flags: string;
  acceptScore: number;
  rejectScore: number;
  /** min, max, avg or sum (default). */
  aggregation: 'sum' | 'min' | 'max' | 'avg';
  /** first_error (default: the first failure decides) or accept_if_any_accepted. */
  verdict: { acceptIfAnyAccepted: boolean };
  range?: [number, number];
  onReject: 'break' | 'continue';
}

export type GroupItem = { test: number } | GroupNode;
export interface GroupNode {
  rel: string;
  config: GroupConfig;
  items: GroupItem[];
}

export interface PackageTests {
  tests: PackageTest[];
  sample?: GroupNode;
  secret?: GroupNode;
  /** Files of the data folders the folder does not hold, known to be for people only (notes). */
  extras: string[];
}

/** Files next to tests that are for people (descriptions, hints, illustrations, sample transcripts). */
const FOR_PEOPLE = /\.(desc|hint|interaction|png|jpe?g|svg|gif|md|txt|files)$/i;

function flagsOf(own: YamlMap): string | undefined {
  const legacy = yamlString(own.output_validator_flags);
  if (legacy !== undefined) return legacy;
  const args = own.output_validator_args;
  return Array.isArray(args) ? args.map(String).join(' ') : yamlString(args);
}

function configOf(own: YamlMap | undefined, inherited: GroupConfig): GroupConfig {
  if (!own) return inherited;
  const c: GroupConfig = { ...inherited, verdict: { ...inherited.verdict } };
  const flags = flagsOf(own);
  if (flags !== undefined) c.flags = flags;
  c.acceptScore = yamlNumber(own.accept_score) ?? c.acceptScore;
  c.rejectScore = yamlNumber(own.reject_score) ?? c.rejectScore;
  const range = yamlString(own.range)?.trim().split(/\s+/).map(Number);
  if (range && range.length === 2 && range.every(Number.isFinite)) c.range = [range[0], range[1]];
  if (own.on_reject === 'break' || own.on_reject === 'continue') c.onReject = own.on_reject;
  const graderFlags = (yamlString(own.grader_flags) ?? '').split(/\s+/).filter(Boolean);
  if (graderFlags.length) {
    c.aggregation = (['min', 'max', 'avg', 'sum'] as const).find((a) => graderFlags.includes(a)) ?? 'sum';
    c.verdict = { acceptIfAnyAccepted: graderFlags.includes('accept_if_any_accepted') };
  }
  // 2023-07: `scoring: { score, aggregation }` on a group.
  if (isMap(own.scoring)) {
    const agg = yamlString(own.scoring.aggregation);
    if (agg === 'min' || agg === 'sum') c.aggregation = agg;
    const score = yamlNumber(own.scoring.score);
    if (score !== undefined) {
      c.acceptScore = score;
      c.range = [0, score];
    }
  }
  return c;
}

export const DEFAULT_GROUP: GroupConfig = { flags: '', acceptScore: 1, rejectScore: 0, aggregation: 'sum', verdict: { acceptIfAnyAccepted: false }, onReject: 'break' };

/** Reads data/; missing answers and unreadable parts go to `problems`, links to `skipped`, files no judge reads to `ignored`. */
/** Samples shown in the statement or offered as downloads only (2023-07): for people, not judged. */
const STATEMENT_ONLY = /\.(in|ans)\.(statement|download)$/;

export function readPackageTests(
  pkg: string,
  rootFlags: string,
  interactive: boolean,
  problems: string[],
  skipped: string[],
  ignored: string[] = [],
  constants?: Constants,
): PackageTests {
  const tests: PackageTest[] = [];
  const extras: string[] = [];
  const data = path.join(pkg, 'data');
  // A group's settings: legacy testdata.yaml as written, 2025-09 test_group.yaml with its constants replaced.
  const groupYaml = (dir: string, rel: string) =>
    readYamlFile(path.join(dir, 'testdata.yaml'), `${rel}/testdata.yaml`) ??
    readYamlFile(path.join(dir, 'test_group.yaml'), `${rel}/test_group.yaml`, (t) => (constants ? substituteText(t, constants, `${rel}/test_group.yaml`) : t));
  const rootOwn = groupYaml(data, 'data');
  const root = configOf(rootOwn, { ...DEFAULT_GROUP, flags: rootFlags });

  const walk = (dir: string, rel: string, inherited: GroupConfig): GroupNode => {
    const own = groupYaml(dir, rel);
    const node: GroupNode = { rel, config: configOf(own, inherited), items: [] };
    const entries = listEntries(pkg, dir, skipped);
    const names = new Set(entries.map((e) => e.name));
    for (const e of entries) {
      if (e.kind === 'dir') node.items.push(walk(e.full, e.rel, node.config));
      else if (e.name.endsWith('.in')) addTest(e, names, node);
      else if (e.name.endsWith('.ans') && names.has(e.name.replace(/\.ans$/, '.in'))) continue;
      else if (e.name === 'testdata.yaml' || e.name === 'test_group.yaml') continue;
      // A test case's own settings (2023-07 <test>.yaml): its validator arguments are read with the test.
      else if (e.name.endsWith('.yaml') && names.has(e.name.replace(/\.yaml$/, '.in'))) continue;
      else if (FOR_PEOPLE.test(e.name) || STATEMENT_ONLY.test(e.name)) extras.push(e.rel);
      else ignored.push(`${e.rel}: ${ignoredName(e.name) ?? 'not a test file (.in with its .ans) nor a group setting; Kattis does not judge it either'}.`);
    }
    return node;
  };
  const addTest = (e: PackageEntry, names: Set<string>, node: GroupNode) => {
    const ansName = e.name.replace(/\.in$/, '.ans');
    if (!names.has(ansName) && !interactive) {
      problems.push(`${e.rel}: ${ansName} is missing.`);
      return;
    }
    node.items.push({ test: tests.length });
    const yamlName = e.name.replace(/\.in$/, '.yaml');
    const own = names.has(yamlName) ? readYamlFile(path.join(path.dirname(e.full), yamlName), `${e.rel.replace(/\.in$/, '.yaml')}`) : undefined;
    const flags = (own && flagsOf(own)) ?? node.config.flags;
    tests.push({ input: e.full, ...(names.has(ansName) ? { answer: path.join(path.dirname(e.full), ansName) } : {}), flags, rel: e.rel });
  };
  const exists = (d: string) => fs.existsSync(d);
  const sample = exists(path.join(data, 'sample')) ? walk(path.join(data, 'sample'), 'data/sample', root) : undefined;
  const secret = exists(path.join(data, 'secret')) ? walk(path.join(data, 'secret'), 'data/secret', root) : undefined;
  for (const e of listEntries(pkg, data, skipped)) {
    if (e.name === 'sample' || e.name === 'secret' || e.name === 'testdata.yaml' || e.name === 'test_group.yaml') continue;
    if (e.kind === 'dir' && /^(invalid_(input|answer|output)s?|valid_outputs?|bad)$/.test(e.name)) extras.push(e.rel);
    else ignored.push(`${e.rel}: Kattis judges only data/sample and data/secret.`);
  }
  return { tests, sample, secret, extras };
}
