// problem.yaml, testdata.yaml, test_group.yaml and submissions.yaml through a real YAML parser
// (the `yaml` package, bundled with the importer only: esbuild.js), so that any file problemtools
// reads is read the same way: comments with tabs, block scalars, anchors, flow maps. YAML 1.2's
// core schema: `yes`/`no` stay words, as the 2023-07 format asks. Writing uses YAML 1.1 quoting,
// so that problemtools' own parser (PyYAML, YAML 1.1) reads back strings as strings.
import * as fs from 'node:fs';
import { parse, stringify } from 'yaml';
import { ProblemFolderError } from '../problem-folder/errors';

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };
export type YamlMap = { [key: string]: YamlValue };

export class YamlError extends Error {}

/** The document as a map; a document that is empty or only comments is `{}`. */
export function parseYaml(text: string): YamlMap {
  let doc: unknown;
  try {
    doc = parse(text, { uniqueKeys: true, prettyErrors: true, maxAliasCount: 100 });
  } catch (err) {
    // The parser's message names the line and column; the excerpt after it is left out.
    throw new YamlError((err as Error).message.split('\n')[0].replace(/:$/, ''));
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new YamlError('the document must be a map of keys');
  return doc as YamlMap;
}

/** A package's YAML file, or undefined when it is not there; a broken one is a ProblemFolderError naming it. */
export function readYamlFile(file: string, rel: string): YamlMap | undefined {
  let text: string;
  try {
    if (!fs.lstatSync(file).isFile()) return undefined;
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return parseYaml(text);
  } catch (err) {
    if (err instanceof YamlError) throw new ProblemFolderError([`${rel}: ${err.message}`]);
    throw err;
  }
}

/** A map as a YAML document. */
export function toYaml(map: YamlMap): string {
  return stringify(map, { version: '1.1', lineWidth: 0 });
}

export const isMap = (v: YamlValue | undefined): v is YamlMap => !!v && typeof v === 'object' && !Array.isArray(v);
export const yamlString = (v: YamlValue | undefined) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
export const yamlNumber = (v: YamlValue | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
