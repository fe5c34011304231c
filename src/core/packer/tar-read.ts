// Reading tar archives (list, extract): the largest part of the `tar` package with what it needs
// (about 60 KB minified), built as a bundle of its own (esbuild.js APART: dist/tar-read.js) and
// required by archive.ts when an archive is first unpacked, so activation does not load it.
// Nothing here is shared with the rest of the extension (no class of ours, no state), which is
// what makes a separate copy safe. Per-module entry points as in tar-parts.ts.
export { list as t } from 'tar/list';
export { extract as x } from 'tar/extract';
