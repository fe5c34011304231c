// The values a parsed YAML document holds, and readers of them, apart from the parser (yaml.ts):
// what the extension bundle itself needs (the time limit rule that "Check Problem Folder" applies)
// takes these without js-yaml, which only the importer's own bundle carries.
export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };
export type YamlMap = { [key: string]: YamlValue };

export const isMap = (v: YamlValue | undefined): v is YamlMap => !!v && typeof v === 'object' && !Array.isArray(v);
export const yamlString = (v: YamlValue | undefined) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
export const yamlNumber = (v: YamlValue | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
