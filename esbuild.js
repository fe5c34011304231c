// Bundles the extension into one CommonJS file, and the packing worker into a second one beside it
// (a worker thread needs a script of its own: src/core/packer-fragment-workers.ts starts
// dist/packer-fragment-worker.js). `vscode` stays external (the host provides it).
// --production: minified, with external source maps for the VSIX; --watch: rebuild on change.
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: { extension: 'src/extension.ts', 'packer-fragment-worker': 'src/core/packer-fragment-worker.ts' },
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
};

async function main() {
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    console.log('[watch] watching src/ for changes');
    return;
  }
  await esbuild.build(options);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
