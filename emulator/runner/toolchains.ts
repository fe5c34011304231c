// The toolchains a sandboxed run must see: the supervisor's python3 and every installed language's
// tools, and the folders to bind for them (./sandbox-binds.ts). Found once per process.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { detectLanguages } from '../languages';
import { toolchainRoots } from './sandbox-binds';
import type { RunSpec } from './types';

let pythonPath: string | null | undefined;
/** The real interpreter path (a version-manager shim would add ~70 ms per run), or null. */
export function findPython(): string | null {
  if (pythonPath !== undefined) return pythonPath;
  const probe = spawnSync('python3', ['-c', 'import sys, os, resource; print(sys.executable)'], { encoding: 'utf8', timeout: 10000 });
  const exe = probe.status === 0 ? probe.stdout.trim() : '';
  pythonPath = exe && fs.existsSync(exe) ? exe : null;
  return pythonPath;
}

/** Tests only: pretend python3 is missing (null) or restore detection (undefined). */
export function overridePythonForTests(value: string | null | undefined): void {
  pythonPath = value;
}

let toolchainExes: string[] | undefined;
/** Every executable a run may start by path: the supervisor's python and each language's tools. */
export function toolchainExecutables(): string[] {
  if (!toolchainExes) {
    const tools = [...detectLanguages().values()].flatMap((i) => Object.values(i.toolchain.tools));
    const python = findPython();
    toolchainExes = [...(python ? [python] : []), ...tools];
  }
  return toolchainExes;
}

let roots: string[] | undefined;
/** Folders bound read-only into every sandboxed run besides the system's (toolchains under a home...). */
export function sandboxReadOnlyPaths(spec: RunSpec): string[] {
  roots ??= toolchainRoots(toolchainExecutables());
  return [...roots, ...(spec.readOnlyPaths ?? [])];
}
