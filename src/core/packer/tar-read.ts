// Reading tar archives (list, extract): the bounded reader the emulator uses too
// (contract/bounded-untar.ts) with the largest part of the `tar` package it needs (about 60 KB
// minified), built as a bundle of its own (esbuild.js APART: dist/tar-read.js) and required by
// archive.ts when an archive is first unpacked, so activation does not load it. Its error classes
// come from this bundle too: archive.ts recognises them through the module it required.
export { ArchiveBudgetError, ArchiveFormatError, extractTarGz, listTarGz } from '../../../contract';
