// YAML for the export (problem.yaml, testdata.yaml): every string YAML 1.1 would read as
// something else ('yes', 'no', '1e-6') is quoted, so that problemtools' own parser (PyYAML, YAML
// 1.1) reads strings back as strings. Apart from yaml.ts so that the importer's bundle
// (esbuild.js) leaves js-yaml's writer out.
import { dump } from 'js-yaml';
import type { YamlMap } from './yaml';

/** A map as a YAML document. */
export function toYaml(map: YamlMap): string {
  return dump(map, { lineWidth: -1, noRefs: true });
}
