// problem.yaml, testdata.yaml and test_group.yaml through a real YAML parser (js-yaml, bundled
// with the importer only: esbuild.js), so that any file problemtools reads is read the same way:
// comments with tabs, block scalars, anchors, flow maps. YAML 1.2's core schema: `yes`/`no` stay
// words, as the 2023-07 format asks. Writing is in yaml-write.ts (export only: the importer's
// bundle leaves js-yaml's writer out).
// (js-yaml rather than the `yaml` package: 14 KB compressed in the VSIX instead of 36 KB, and the
// VSIX must stay under 1 MB.)
import * as fs from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { ProblemFolderError } from '../problem-folder/errors';
import type { YamlMap } from './yaml-values';

export { isMap, yamlNumber, yamlString, type YamlMap, type YamlValue } from './yaml-values';

export class YamlError extends Error {}

/** The document as a map; a document that is empty or only comments is `{}`. */
export function parseYaml(text: string): YamlMap {
  let doc: unknown;
  try {
    doc = load(text, { schema: CORE_SCHEMA });
  } catch (err) {
    // "duplicated mapping key (2:1)" and an excerpt → "line 2, column 1: duplicated mapping key".
    const first = (err as Error).message.split('\n')[0];
    const at = /^(.*?) \((\d+):(\d+)\)$/.exec(first);
    throw new YamlError(at ? `line ${at[2]}, column ${at[3]}: ${at[1]}` : first);
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new YamlError('the document must be a map of keys');
  return doc as YamlMap;
}

/**
 * A package's YAML file, or undefined when it is not there; a broken one is a ProblemFolderError
 * naming it. `edit` changes the text before it is parsed (test_group.yaml's constants).
 */
export function readYamlFile(file: string, rel: string, edit: (text: string) => string = (t) => t): YamlMap | undefined {
  let text: string;
  try {
    if (!fs.lstatSync(file).isFile()) return undefined;
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return parseYaml(edit(text));
  } catch (err) {
    if (err instanceof YamlError) throw new ProblemFolderError([`${rel}: ${err.message}`]);
    throw err;
  }
}
