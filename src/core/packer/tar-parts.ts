// The parts of the `tar` package that writing archives uses (reading them: tar-read.ts, loaded
// lazily), taken from their own modules instead of the package index. The index ("tar") resolves
// to a prebuilt, minified bundle of every command (create, replace, update, pack, write-entry ...)
// that esbuild cannot tree-shake; the per-module entry points are in the package's own "exports"
// map, so esbuild bundles only header/pax here, list/extract in tar-read.ts (about 24 KB less,
// minified, than the index). Same classes as the index exports:
// it re-exports these very modules.
export { Header, type HeaderData } from 'tar/header';
export { Pax } from 'tar/pax';
