// Bundles the extension into one CommonJS file, and the packing worker into a second one beside it
// (a worker thread needs a script of its own: src/core/packer/fragment-workers.ts starts
// dist/packer-fragment-worker.js). `vscode` stays external (the host provides it).
// The local emulator is a third bundle, dist/emulator.js, started as a child process by "Start
// Local Emulator" (src/features/emulator): nothing of it loads with the extension. What it reads
// at run time is copied beside it, so the VSIX needs no node_modules: SQLite's WebAssembly and the
// seed projects. The WebAssembly ships brotli-compressed (408 KB instead of the 529 KB the VSIX's
// deflate makes of it: the VSIX must stay under 1 MB) and is handed to node-sqlite3-wasm
// decompressed (about 5 ms at start) through its Emscripten `Module.wasmBinary`.
// The problems CLI is a bundle of its own too, dist/problems-cli.js (package.json `bin`:
// sphere-problems), never in the VSIX: `npm run problems` builds only it (--cli, under a second)
// and runs it, with no tsc.
// --production: minified, with external source maps for the VSIX; --watch: rebuild on change.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const SQLITE_WASM = 'node-sqlite3-wasm.wasm.br';

/**
 * Modules that dist/extension.js requires on first use only, each built as a bundle of its own
 * beside it (dist/<name>.js): they stay out of activation and out of the 600 KB budget of
 * dist/extension.js. Each is code that is used rarely and holds no state or class the rest of the
 * extension shares (a copy of a class in two bundles breaks `instanceof`: the Kattis importer's
 * errors are recognised by name, see isProblemFolderError).
 * Named by module, not by who imports it: whatever file requires the module gets the bundle, so a
 * renamed importer cannot silently pull it back in (a renamed module fails the build's own check,
 * test/unit/esbuild-bundles.test.ts). Their importers require() them lazily, at the moment of use.
 * - the local emulator's controller (Start/Stop Local Emulator);
 * - the Kattis importer (Import Kattis Package as Problem Folder…);
 * - the judge results page's HTML and SVG (Show Judge Results);
 * - the similarity engine, its pages and their words (Check Similarity in Folder…);
 * - the stress test's core: its round loop, runners and stress.json (Stress Test Against Reference…);
 * - tar reading (unpacking an output archive);
 * - the parsers of compiler and interpreter messages (a run's output read into diagnostics:
 *   src/core/load-diagnostics.ts).
 * `leanBuild`: built in the lean build (leanOptions), where a module none of whose exports the bundle uses is left out
 * with its side effects (leftOutUnused): the stress core, the Kattis importer and measure and the
 * judge results page reach src/api's index for a few small helpers, and would otherwise each carry
 * undici (about 220 KB), which only the extension's clients need.
 * Classes such a bundle shares with dist/extension.js must be recognised across copies
 * (SphereApiError's Symbol.hasInstance).
 */
const APART = [
  { name: 'local-emulator', entry: 'src/features/emulator/controller.ts' },
  { name: 'kattis-import', entry: 'src/core/kattis/import.ts', leanBuild: true },
  { name: 'kattis-measure', entry: 'src/core/kattis/measure.ts', leanBuild: true },
  { name: 'judge-results-html', entry: 'src/core/judge-many/results-html.ts', leanBuild: true },
  { name: 'similarity', entry: 'src/features/similarity/session.ts', leanBuild: true },
  { name: 'stress', entry: 'src/core/stress/index.ts', leanBuild: true },
  { name: 'tar-read', entry: 'src/core/packer/tar-read.ts' },
  { name: 'diagnostics', entry: 'src/core/diagnostics/index.ts' },
];

/** The TypeScript file a relative import lands on (x.ts, x/index.ts), as esbuild would resolve it. */
function resolveSource(dir, specifier) {
  const base = path.resolve(dir, specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** The bundle apart that a relative import from `dir` names, if any. */
function apartFor(dir, specifier) {
  const file = resolveSource(dir, specifier);
  return file && APART.find((a) => path.resolve(__dirname, a.entry) === file);
}

const bundledApart = {
  name: 'bundled-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const apart = apartFor(args.resolveDir, args.path);
      return apart ? { path: `./${apart.name}.js`, external: true } : undefined;
    });
  },
};

const LEAN = Symbol('lean');

/** Every import resolved as usual, then marked free of side effects: left out when nothing it exports is used. */
const leftOutUnused = {
  name: 'left-out-unused',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === LEAN) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: LEAN });
      if (resolved.errors.length > 0 || resolved.external) return undefined;
      return { path: resolved.path, namespace: resolved.namespace, sideEffects: false };
    });
  },
};

/**
 * Parts of undici the extension never runs, left out of the bundle (each resolves to a stub that
 * throws if it is ever reached). Keeps dist/extension.js under 600 KB; proven by every host and UI
 * test, which run the bundle.
 * - The HTTP parser as WebAssembly with SIMD (70 KB): undici carries it twice, with SIMD and without,
 *   and falls back to the plain one when the SIMD module cannot be built. The extension parses small
 *   API responses, where SIMD gains nothing measurable: the SIMD module resolves to nothing,
 *   `new WebAssembly.Module(undefined)` throws, and undici takes its own fallback
 *   (lib/dispatcher/client-h1.js, lazyllhttp).
 * - The HTTP/2 client (10 KB): reached only when a connection negotiates h2, which undici offers only
 *   with `allowH2`; src/api never sets it.
 * - The multipart parser of fetch's Response.formData() (4.5 KB): src/api sends multipart bodies and
 *   never parses one.
 */
const UNDICI_LEFT_OUT = [
  { file: /llhttp_simd-wasm\.js$/, stub: 'module.exports = undefined;' },
  { file: /dispatcher[\\/]client-h2\.js$/, stub: "module.exports = () => { throw new Error('HTTP/2 is left out of this bundle (esbuild.js)'); };" },
  {
    file: /fetch[\\/]formdata-parser\.js$/,
    stub: "module.exports = { multipartFormDataParser() { throw new Error('multipart parsing is left out of this bundle (esbuild.js)'); } };",
  },
];

const undiciPartsLeftOut = {
  name: 'undici-parts-left-out',
  setup(build) {
    build.onLoad({ filter: /node_modules[\\/]undici[\\/]/ }, (args) => {
      const left = UNDICI_LEFT_OUT.find((l) => l.file.test(args.path));
      return left ? { contents: left.stub, loader: 'js' } : undefined;
    });
  },
};

/** node-sqlite3-wasm reads `Module` from its own scope first: give it the decompressed WebAssembly. */
const sqliteWasmFromBrotli = {
  name: 'sqlite-wasm-from-brotli',
  setup(build) {
    build.onLoad({ filter: /node-sqlite3-wasm[\\/]dist[\\/]node-sqlite3-wasm\.js$/ }, async (args) => {
      const original = await fs.promises.readFile(args.path, 'utf8');
      const prefix = `var Module = { wasmBinary: require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(SQLITE_WASM)}))) };\n`;
      return { contents: prefix + original, loader: 'js' };
    });
  },
};

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: {
    extension: 'src/extension.ts',
    'packer-fragment-worker': 'src/core/packer/fragment-worker.ts',
    emulator: 'emulator/main.ts',
    ...Object.fromEntries(APART.filter((a) => !a.leanBuild).map((a) => [a.name, a.entry])),
  },
  bundle: true,
  outdir: 'dist',
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: production ? 'external' : 'linked',
  sourcesContent: !production,
  metafile: true,
  logLevel: 'info',
  // Programs kept as files beside their modules (the emulator's supervisors, the Kattis validator
  // adapters) are inlined as text: the bundles need no file beside them (src/program-files.d.ts).
  loader: { '.c': 'text', '.cpp': 'text', '.py': 'text' },
  plugins: [sqliteWasmFromBrotli, bundledApart, undiciPartsLeftOut],
};

/** The problems CLI: a Node script with its hashbang, for `npx sphere-problems` and `node dist/problems-cli.js`. */
const cliOptions = {
  ...options,
  entryPoints: { 'problems-cli': 'src/cli/problems.ts' },
  external: [],
  banner: { js: '#!/usr/bin/env node' },
  plugins: [undiciPartsLeftOut],
};
const CLI_ONLY = process.argv.includes('--cli');

/**
 * The bundles apart built lean (APART `leanBuild`): unused modules left out. One build with an entry
 * point each: without code splitting, each output is what a build of its own would write.
 */
const leanOptions = {
  ...options,
  entryPoints: Object.fromEntries(APART.filter((a) => a.leanBuild).map((a) => [a.name, a.entry])),
  plugins: [leftOutUnused, ...options.plugins],
};

/** The emulator bundle's run-time files, beside it in dist/ (emulator/containers/projects.ts looks there). */
function copyEmulatorAssets() {
  const wasm = path.join(path.dirname(require.resolve('node-sqlite3-wasm')), 'node-sqlite3-wasm.wasm');
  const packed = path.join('dist', SQLITE_WASM);
  // Compressing takes about 2 s: done again only when the package's file changed.
  if (!fs.existsSync(packed) || fs.statSync(packed).mtimeMs < fs.statSync(wasm).mtimeMs) {
    const bytes = fs.readFileSync(wasm);
    fs.writeFileSync(
      packed,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
  }
  fs.rmSync(path.join('dist', 'emulator-projects'), { recursive: true, force: true });
  fs.cpSync(path.join('emulator', 'projects'), path.join('dist', 'emulator-projects'), {
    recursive: true,
    filter: (from) => path.basename(from) !== 'README.md',
  });
}

async function buildCli(logLevel) {
  await esbuild.build({ ...cliOptions, logLevel });
  fs.chmodSync(path.join('dist', 'problems-cli.js'), 0o755);
}

async function main() {
  fs.mkdirSync('dist', { recursive: true });
  if (CLI_ONLY) return buildCli('warning');
  // package.json's language `when` clauses follow the language table (scripts/manifest-languages.js).
  require('./scripts/manifest-languages').main();
  copyEmulatorAssets();
  if (watch) {
    for (const o of [options, leanOptions]) await (await esbuild.context(o)).watch();
    console.log('[watch] watching src/ for changes');
    return;
  }
  const [result] = await Promise.all([esbuild.build(options), buildCli('info'), esbuild.build(leanOptions)]);
  // For bench/package.bench.ts: what each package weighs in the bundle as built (plugins applied).
  if (process.env.SPHERE_ESBUILD_METAFILE) fs.writeFileSync(process.env.SPHERE_ESBUILD_METAFILE, JSON.stringify(result.metafile));
}

module.exports = { APART, apartFor, options, leanOptions };

// Built when run (node esbuild.js); required by the unit test for its bundle list only.
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
