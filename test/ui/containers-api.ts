// The UI suite's emulator seen from the tests, for what a test prepares or checks behind the
// workbench's back: the extension's own compiled Containers client (out/src/api), pointed at the
// emulator that scripts/test-host.js started (SPHERE_ENGINE_EMULATOR). The emulator's request log
// comes from the host tests' helpers (test/host/helpers/emulator.ts: no vscode there).
import * as path from 'node:path';
import { waitFor } from '../host/helpers/wait';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const RUNNING = 2;

export interface EmulatorEnv {
  origin: string;
  token: string;
}

/** The part of ContainersClient the UI tests use. */
export interface WorkspaceApi {
  createWorkspace(params: { projectId: string }): Promise<{ workspace: { id: string } }>;
  getWorkspace(id: string): Promise<{ state: { code: number } }>;
  downloadFile(id: string, rel: string): Promise<Buffer>;
  removeWorkspace(id: string): Promise<unknown>;
  iterateProjects(): AsyncGenerator<{ id: string; name: string }>;
  getSubmission(id: number): Promise<{ executing: boolean; result: { status: { code: number; name: string } } }>;
  close(): Promise<void>;
}

export function emulatorEnv(): EmulatorEnv {
  const raw = process.env.SPHERE_ENGINE_EMULATOR;
  if (!raw) throw new Error('SPHERE_ENGINE_EMULATOR is not set: run with `npm run test:ui`');
  return JSON.parse(raw) as EmulatorEnv;
}

/** The extension's own Containers client (compiled), pointed at the UI suite's emulator. */
export function containersClient(): WorkspaceApi {
  const emulator = emulatorEnv();
  const api = require(path.join(REPO_ROOT, 'out', 'src', 'api', 'index.js')) as { ContainersClient: new (options: object) => WorkspaceApi };
  return new api.ContainersClient({ endpoint: `${emulator.origin}/containers`, token: emulator.token });
}

/** Creates a workspace of the named seed project and waits until it runs; returns its id. */
export async function startWorkspace(client: WorkspaceApi, projectName: string, timeoutMs = 90_000): Promise<string> {
  let projectId: string | undefined;
  for await (const project of client.iterateProjects()) if (project.name === projectName) projectId = project.id;
  if (!projectId) throw new Error(`the emulator has no ${projectName} project`);
  const workspaceId = (await client.createWorkspace({ projectId })).workspace.id;
  await waitFor(async () => (await client.getWorkspace(workspaceId)).state.code === RUNNING, { timeoutMs, intervalMs: 250, what: `workspace ${workspaceId} to start` });
  return workspaceId;
}
