// Optional change detection for workspace files shown in an editor: every N seconds (setting
// sphereEngine.workspaceFiles.pollIntervalSeconds; 0 = off, never below MIN_POLL_SECONDS) list
// the folders of the *visible* editors once each. A file whose server time or size moved makes
// the model fire a change event: VS Code reloads a clean editor, and a dirty one gets the
// "file is newer" conflict when saved. Nothing is polled while the window is in the background.
import * as vscode from 'vscode';
import type { Log } from '../../../ui/log';
import { normaliseRel, parentOf, WORKSPACE_FS_SCHEME, type WorkspaceFsModel } from '../../../core/workspace-files';

export const POLL_SETTING_SECTION = 'sphereEngine.workspaceFiles';
export const POLL_SETTING_KEY = 'pollIntervalSeconds';
export const MIN_POLL_SECONDS = 5;

export function pollIntervalMs(): number {
  const seconds = vscode.workspace.getConfiguration(POLL_SETTING_SECTION).get<number>(POLL_SETTING_KEY, 0);
  if (!seconds || seconds <= 0) return 0;
  return Math.max(MIN_POLL_SECONDS, seconds) * 1000;
}

export class VisibleFilesPoll implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Rounds run so far (test hook). */
  rounds = 0;

  constructor(
    private readonly model: WorkspaceFsModel,
    private readonly log: Log,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(POLL_SETTING_SECTION)) this.schedule();
      }),
      vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()),
    );
    this.schedule();
  }

  /** One round now: the folders of the visible workspace files, each listed once. */
  async pollOnce(): Promise<number> {
    const folders = new Map<string, { workspaceId: string; rel: string }>();
    for (const editor of vscode.window.visibleTextEditors) {
      const uri = editor.document.uri;
      if (uri.scheme !== WORKSPACE_FS_SCHEME) continue;
      const rel = parentOf(normaliseRel(uri.path));
      folders.set(`${uri.authority}/${rel}`, { workspaceId: uri.authority, rel });
    }
    let changed = 0;
    for (const { workspaceId, rel } of folders.values()) {
      try {
        changed += (await this.model.refreshFolder(workspaceId, rel)).length;
      } catch (err) {
        // A stopped workspace or a network blip: the next round tries again; the user is told
        // when they act on the file, not by a background timer.
        this.log.debug(`change poll of ${workspaceId}/${rel}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.rounds++;
    return changed;
  }

  /** Whether a round is due or running (test hook: the poll has stopped once this is false). */
  isActive(): boolean {
    return this.timer !== undefined || this.running;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const interval = pollIntervalMs();
    if (interval === 0) return;
    const hasVisible = vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === WORKSPACE_FS_SCHEME);
    if (!hasVisible) return;
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      if (!this.running && vscode.window.state.focused) {
        this.running = true;
        try {
          await this.pollOnce();
        } finally {
          this.running = false;
        }
      }
      this.schedule();
    }, interval);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
