// The parts of the `tar` package the extension uses, loaded from their own modules instead of
// the package index. The index ("tar") resolves to a prebuilt, minified bundle of every command
// (create, replace, update, pack, write-entry ...) that esbuild cannot tree-shake; the per-module
// entry points are in the package's own "exports" map, so esbuild bundles only list/extract/
// header/pax and what they need (about 24 KB less, minified). Same classes and functions as the
// index exports: it re-exports these very modules.
export { list as t } from 'tar/list';
export { extract as x } from 'tar/extract';
export { Header, type HeaderData } from 'tar/header';
export { Pax } from 'tar/pax';
