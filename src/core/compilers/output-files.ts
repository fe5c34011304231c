// Output files (beta): with `output_filenames` the output stream is a tar.gz of the named files
// plus the program's standard output in ENGINE_STDOUT (spec) or SE_STDOUT (the live service).
import * as path from 'node:path';
import { OUTPUT_ARCHIVE_STDOUT_NAMES } from '../../api';
import { unpackTarGz } from '../packer';
import { promises as fsp } from 'node:fs';

/** Folder beside the source (or inside a run folder) that receives output files; never sent. */
export const OUTPUT_DIR_NAME = '.sphere-output';

export interface UnpackedOutput {
  dir: string;
  /** Relative posix paths of the files written. */
  files: string[];
  /** The program's standard output, read from the archive's stdout file. */
  stdout?: string;
  /** Which of the requested names the archive lacks (the program did not write them). */
  missing: string[];
}

/** Parses the setting or prompt text: `a.txt; out/b.png` or an array. */
export function parseOutputFilenames(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(';') : [];
  return raw.map((s) => s.trim()).filter((s) => s.length > 0);
}

const GZIP_MAGIC = [0x1f, 0x8b];

export function looksLikeGzip(bytes: Buffer | undefined): boolean {
  return !!bytes && bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

export async function unpackOutputArchive(archive: Buffer, dir: string, requested: readonly string[]): Promise<UnpackedOutput> {
  const files = (await unpackTarGz(archive, dir)).map((f) => f.replace(/^\.\//, ''));
  const stdoutName = files.find((f) => (OUTPUT_ARCHIVE_STDOUT_NAMES as readonly string[]).includes(path.posix.basename(f)));
  const stdout = stdoutName ? await fsp.readFile(path.join(dir, ...stdoutName.split('/')), 'utf8') : undefined;
  const normalised = new Set(files.map((f) => path.posix.normalize(f)));
  const missing = requested.filter((name) => !normalised.has(path.posix.normalize(name.replace(/^\.\//, ''))));
  return { dir, files, stdout, missing };
}
