// Seed projects, read from emulator/projects/<folder>/ (see its README). Compiled, the emulator runs
// from out/emulator/containers/, so the seed folder is found relative to the repository, not to
// out/; bundled into the VSIX (dist/emulator.js), esbuild.js copies the seeds beside the bundle.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Project {
  id: string;
  name: string;
  description: string;
  stack: string;
  template: boolean;
  slots: number;
  createdAt: string;
  /** JSON text, served verbatim (a broken one stays broken). */
  projectConfig: string;
  workspaceInit: string;
  /** Base content of /home/user/workspace. */
  filesDir: string;
}

/** Beside the bundle (dist/emulator-projects), where esbuild.js copies emulator/projects. */
export const BUNDLED_PROJECTS_FOLDER = 'emulator-projects';

/** The seed projects: beside the bundle, else emulator/projects seen from out/emulator/containers or, run from source, from emulator/containers. */
export const SEED_PROJECTS_DIR =
  [path.join(__dirname, BUNDLED_PROJECTS_FOLDER), path.resolve(__dirname, '../../../emulator/projects'), path.resolve(__dirname, '../projects')].find((dir) =>
    fs.existsSync(dir),
  ) ?? path.resolve(__dirname, '../../../emulator/projects');

function readOptional(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

export function loadProjects(root = SEED_PROJECTS_DIR): Project[] {
  if (!fs.existsSync(root)) return [];
  const projects: Project[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(root, entry.name);
    const metaFile = path.join(dir, 'project.json');
    if (!fs.existsSync(metaFile)) continue;
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Record<string, unknown>;
    if (typeof meta.id !== 'string' || !/^[0-9a-f]{32}$/.test(meta.id)) {
      throw new Error(`seed project ${entry.name}: id must be 32 lowercase hex characters`);
    }
    projects.push({
      id: meta.id,
      name: String(meta.name ?? entry.name),
      description: String(meta.description ?? ''),
      stack: String(meta.stack ?? ''),
      template: meta.template === true,
      slots: typeof meta.slots === 'number' ? meta.slots : 1,
      createdAt: String(meta.created_at ?? '2024-01-01 00:00:00 +0000'),
      projectConfig: readOptional(path.join(dir, 'project_config.json')),
      workspaceInit: readOptional(path.join(dir, 'workspace_init.sh')),
      filesDir: path.join(dir, 'files'),
    });
  }
  return projects;
}

/** The Project resource of the spec. */
export function projectResource(p: Project) {
  return {
    id: p.id,
    name: p.name,
    created_at: p.createdAt,
    config: { project_config: p.projectConfig, workspace_init: p.workspaceInit },
    stack: p.stack,
    template: p.template,
    description: p.description,
    slots: p.slots,
  };
}

/** Copies the project's base files into `dest` (created if needed), keeping modes. */
export function copyProjectFiles(p: Project, dest: string): void {
  fs.mkdirSync(dest, { recursive: true });
  if (fs.existsSync(p.filesDir)) fs.cpSync(p.filesDir, dest, { recursive: true, preserveTimestamps: true });
}
