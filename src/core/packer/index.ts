// Packing a folder into the tar.gz Containers and Compilers take, and unpacking one from the
// service: the only door into src/core/packer (test/unit/layering.test.ts). tar-read.ts stays out
// of it: it is a bundle apart (esbuild.js APART), required by archive.ts when first needed.
export { checkSizeLimits, describeExcluded, type FolderScan, formatBytes, type PackedArchive, PackError, packFolder, scanFolder } from './archive';
export { unpackTarGz } from './unpack';
export { startWorkersFor, workerFills } from './fragment-workers';
