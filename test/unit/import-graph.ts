// The import graph of a source tree, read from the text of its files (no compiler needed), and the
// three things test/unit/layering.test.ts forbids in it: cycles (type-only imports count: they
// still tie two files together), imports of a higher layer, and imports of another package's
// insides where the package has one door (src/api: everything through src/api/index.ts; every
// folder under src/core with an index.ts: everything through that index).
import * as fs from 'node:fs';
import * as path from 'node:path';

/** One import of a file: what it names, and whether it is `import type` / `export type` (loads no code). */
export interface ImportStatement {
  specifier: string;
  typeOnly: boolean;
}

/** Every import of a file: import/export from (with `type` noted), bare import, require(), import(). */
export function importStatementsOf(text: string): ImportStatement[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const fromClauses = [...withoutComments.matchAll(/\b(?:import|export)(\s+type)?\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => ({
    specifier: m[2],
    typeOnly: Boolean(m[1]),
  }));
  const loads = [/\bimport\s*['"]([^'"]+)['"]/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g].flatMap((pattern) =>
    [...withoutComments.matchAll(pattern)].map((m) => ({ specifier: m[1], typeOnly: false })),
  );
  return [...fromClauses, ...loads];
}

/** Every module specifier a file imports: import/export from, require(), import(). */
export function importsOf(text: string): string[] {
  return importStatementsOf(text).map((statement) => statement.specifier);
}

/** Every .ts file under `dir` (declaration files left out), as absolute paths. */
function tsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => rel.endsWith('.ts') && !rel.endsWith('.d.ts'))
    .map((rel) => path.join(dir, rel));
}

/** The file a relative specifier lands on (x.ts or x/index.ts), or undefined for packages. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
}

/** Files relative to `root` ('/'-separated), each with the files it imports. */
export type ImportGraph = Map<string, string[]>;

export function importGraph(root: string, dirs: string[]): ImportGraph {
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => tsFiles(path.join(root, dir)))) {
    const targets = importsOf(fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(rel(file), [...new Set(targets.map(rel))]);
  }
  return graph;
}

/** Every cycle, as the files of one strongly connected component (Tarjan), sorted. */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * Layers, lowest first: each a list of path prefixes ('src/api/', 'src/services.ts'). A file may
 * import its own layer and those below; the longest matching prefix decides a file's layer.
 */
export type Layers = string[][];

function layerOf(file: string, layers: Layers): number | undefined {
  let best: { rank: number; length: number } | undefined;
  layers.forEach((prefixes, rank) => {
    for (const prefix of prefixes) {
      if (file.startsWith(prefix) && (!best || prefix.length > best.length)) best = { rank, length: prefix.length };
    }
  });
  return best?.rank;
}

/** "a imports b" for every import of a higher layer, and every file in no layer at all. */
export function upwardImports(graph: ImportGraph, layers: Layers): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file, layers);
    if (from === undefined) {
      found.push(`${file} is in no layer`);
      continue;
    }
    for (const target of targets) {
      const to = layerOf(target, layers);
      if (to !== undefined && to > from) found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

/**
 * Imports of files inside `pkg` (a folder prefix) from outside it, other than of its index.ts and
 * of the files in `alsoOpen` (doors of their own, each for a stated reason).
 */
export function deepImports(graph: ImportGraph, pkg: string, alsoOpen: readonly string[] = []): string[] {
  const door = `${pkg}index.ts`;
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (file.startsWith(pkg)) continue;
    for (const target of targets) if (target.startsWith(pkg) && target !== door && !alsoOpen.includes(target)) found.push(`${file} imports ${target}`);
  }
  return found;
}

/** The packages under `dir` (a folder prefix such as 'src/core/'): every folder in the graph holding an index.ts, as a prefix. */
export function packagesUnder(graph: ImportGraph, dir: string): string[] {
  return [...graph.keys()]
    .filter((file) => file.startsWith(dir) && file.endsWith('/index.ts'))
    .map((file) => file.slice(0, -'index.ts'.length))
    .sort();
}

/**
 * Imports of one feature's files by another's that are not `import type` ("a imports b"), for the
 * files under `featuresDir` ('src/features/'): a feature reaches another only through a handle
 * that extension.ts hands over, so it may name the handle's type but load none of its code.
 * Folders in `open` (the shared helpers) may be imported by any feature.
 */
export function runtimeFeatureImports(root: string, featuresDir: string, open: readonly string[]): string[] {
  const featureOf = (rel: string) => (rel.startsWith(featuresDir) ? rel.slice(featuresDir.length).split('/')[0] : undefined);
  const found: string[] = [];
  for (const file of tsFiles(path.join(root, featuresDir))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const own = featureOf(rel);
    if (!own || !rel.slice(featuresDir.length).includes('/')) continue; // glue files beside the features
    for (const { typeOnly, specifier } of importStatementsOf(fs.readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (!target || typeOnly) continue;
      const targetRel = path.relative(root, target).split(path.sep).join('/');
      const other = featureOf(targetRel);
      if (other && other !== own && !open.some((dir) => targetRel.startsWith(dir))) found.push(`${rel} imports ${targetRel}`);
    }
  }
  return found;
}
