// The two functions of js-yaml the Kattis importer uses (the package ships no types of its own).
declare module 'js-yaml' {
  export const CORE_SCHEMA: unknown;
  export function load(text: string, options?: { schema?: unknown; filename?: string; json?: boolean }): unknown;
  export function dump(value: unknown, options?: { lineWidth?: number; noRefs?: boolean; schema?: unknown }): string;
}
