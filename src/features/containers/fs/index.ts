// Workspace files in the editor: the sphere-workspace:// file system, its "Open Files" command,
// the "not running → resume" offer and the optional visible-files change poll.
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import { WORKSPACE_FS_SCHEME, WorkspaceFsModel } from '../../../core/workspace-files';
import { openWorkspaceFiles, type OpenFilesOptions, type OpenFilesResult } from './open-files';

export type { OpenFilesOptions, OpenFilesResult } from './open-files';
import { VisibleFilesPoll } from './poll';
import { WorkspaceFileSystemProvider, workspaceUri } from './provider';
import { ResumeOffers, type ResumeOffer } from './resume';

declare module '../../../test-api' {
  interface TestHooks {
    workspaceFiles: WorkspaceFilesTestApi;
  }
}

/** Test hooks under exports.workspaceFiles (no token in here). */
export interface WorkspaceFilesTestApi {
  scheme: string;
  uri(workspaceId: string, rel?: string): vscode.Uri;
  /** Notifications offering a resume, newest last. */
  resumeOffers: ResumeOffer[];
  /** What the Resume button does. */
  resumeAndRetry(workspaceId: string): Promise<boolean>;
  /** Every failure the provider reported (kind and message), newest last. */
  failures: Array<{ uri: string; kind: string; message: string }>;
  /** Change events the model fired (remote changes seen in listings), newest last. */
  changes: string[];
  /** One round of the change poll, whatever the setting says. */
  pollOnce(): Promise<number>;
  /** Whether a round of the change poll is due or running (false: nothing more will be polled). */
  pollActive(): boolean;
  /** Whether the cached listing of a folder is still reused / still answers a held file's stat. */
  listingFreshness(workspaceId: string, relDir: string): { reused: boolean; answersHeldStat: boolean };
}

/** What the workspace commands ask of the workspace file system (handed over in containers/index.ts). */
export interface WorkspaceFilesFeature {
  /**
   * The real "Open Workspace Files" (sphereEngine.workspaces.openFiles, registered with the other
   * workspace commands): `target` is a tree node, a workspace or an id; options.newWindow chooses
   * where without asking.
   */
  openFiles(target: unknown, options?: OpenFilesOptions): Promise<OpenFilesResult | undefined>;
}

export function registerWorkspaceFilesFeature(services: Services): WorkspaceFilesFeature {
  const model = new WorkspaceFsModel({ client: () => services.connection.containers() });
  const provider = new WorkspaceFileSystemProvider(model);
  // What the test hooks read, kept only under the extension's tests (no registry, no buffers otherwise).
  const hooks = services.testHooks;
  const offersShown: WorkspaceFilesTestApi['resumeOffers'] | undefined = hooks && [];
  const failures: WorkspaceFilesTestApi['failures'] | undefined = hooks && [];
  const changes: string[] | undefined = hooks && [];
  const offers = new ResumeOffers(services, model, provider, offersShown);
  const poll = new VisibleFilesPoll(model, services.log);
  if (changes) services.context.subscriptions.push(model.onDidChange((c) => changes.push(...c.map((x) => `${x.kind} ${x.rel}`))));

  services.context.subscriptions.push(
    provider,
    offers,
    poll,
    vscode.workspace.registerFileSystemProvider(WORKSPACE_FS_SCHEME, provider, { isCaseSensitive: true }),
    provider.onDidFail(({ uri, failure }) => {
      failures?.push({ uri: uri.toString(), kind: failure.kind, message: failure.message });
      if (failures && failures.length > 200) failures.shift();
      if (failure.kind === 'notRunning') offers.offer(failure);
    }),
    // Another account or endpoint: nothing cached belongs to it.
    services.connection.onDidChange((module) => {
      if (module !== 'containers') return;
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme === WORKSPACE_FS_SCHEME) model.forgetWorkspace(folder.uri.authority);
      }
    }),
  );
  const openFiles: WorkspaceFilesFeature['openFiles'] = (target, options) =>
    openWorkspaceFiles(services, target as Parameters<typeof openWorkspaceFiles>[1], options, (id) => offers.resumeAndRetry(id));

  if (hooks && offersShown && failures && changes) {
    hooks.workspaceFiles = {
      scheme: WORKSPACE_FS_SCHEME,
      uri: workspaceUri,
      resumeOffers: offersShown,
      failures,
      changes,
      resumeAndRetry: (id) => offers.resumeAndRetry(id),
      pollOnce: () => poll.pollOnce(),
      pollActive: () => poll.isActive(),
      listingFreshness: (id, rel) => model.listingFreshness(id, rel),
    };
  }
  return { openFiles };
}
