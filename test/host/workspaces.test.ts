// Every workspace action of the Containers view against the run's emulator, driven as the menus
// and the palette drive it (commands with a workspace id where a picker would ask), checking what
// the user is told and what the service ends up with.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MessageCapture, ProgressCapture } from './faults-support';
import { activateExtension, clearEmulatorFaults, emulatorInfo, setEmulatorFaults, setEmulatorTokens, waitFor, workspaceFolder } from './helpers';

interface Outcome {
  ok: boolean;
  message?: string;
  status?: number;
  errorCode?: number;
  offered?: string[];
  cancelled?: boolean;
  workspace?: { id: string; project: { id: string } };
  url?: string;
  id?: string;
  text?: string;
}
interface ContainersApi {
  notices: string[];
  tree: { rows(parent?: unknown): Promise<Array<{ node: { kind: string; workspace?: { id: string } }; label: string; tooltip?: string; contextValue?: string }>> };
}
interface WireWorkspace {
  id: string;
  state: { code: number; error_reason: string | null };
  workspace_init_failed: boolean;
  workspace_url: string;
  preview_url?: string;
  retention_time_stopped: number;
  inactivity_timeout: number;
  auto_resume: boolean;
}

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const BROKEN_INIT = '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a';

async function emulatorGet<T>(path: string): Promise<T> {
  const { origin, token } = emulatorInfo();
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`${origin}/containers/api/v1${path}${sep}access_token=${encodeURIComponent(token)}`);
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

const wire = (id: string) => emulatorGet<WireWorkspace>(`/workspaces/${id}`);

async function untilState(id: string, code: number): Promise<WireWorkspace> {
  return waitFor(
    async () => {
      const ws = await wire(id);
      return ws.state.code === code ? ws : undefined;
    },
    { timeoutMs: 40_000, intervalMs: 300, what: `workspace ${id} to reach state ${code}` },
  );
}

const run = <T = Outcome>(command: string, ...args: unknown[]) => vscode.commands.executeCommand<T>(`sphereEngine.workspaces.${command}`, ...args);

/**
 * The emulator answers the next workspace creation with one spec error. It has no state that
 * leads to these codes (a project being rebuilt, another edit session), so its fault injection
 * stands in for them, over the same HTTP as every other test.
 */
async function withErrorService<T>(status: number, errorCode: number, body: () => Promise<T>): Promise<T> {
  await setEmulatorFaults([{ path: '/containers/api/v1/workspaces$', method: 'POST', kind: 'status', status, errorCode, message: `injected ${errorCode}`, times: 1 }]);
  try {
    return await body();
  } finally {
    await clearEmulatorFaults();
  }
}

describe('workspaces', () => {
  let api: ContainersApi;
  const created: string[] = [];

  async function create(projectId: string, options: Record<string, unknown> = {}): Promise<Outcome> {
    const outcome = await run('create', projectId, { retentionTimeStopped: 60, ...options });
    if (outcome.workspace) created.push(outcome.workspace.id);
    return outcome;
  }

  before(async () => {
    const exported = await activateExtension<{ containers?: ContainersApi }>();
    assert.ok(exported.containers, 'exports.containers missing');
    api = exported.containers;
  });

  after(async () => {
    for (const id of created) {
      const ws = await wire(id).catch(() => undefined);
      if (ws && ws.state.code !== 4) await run('remove', id, { confirmed: true });
    }
  });

  describe('lifecycle', () => {
    let id: string;

    it('creates a workspace with the given settings and the local folder uploaded as files', async () => {
      const outcome = await create(CONSOLE_PYTHON, {
        inactivityTimeout: 20,
        retentionTimeStopped: 120,
        retentionTimeTotal: 600,
        autoResume: false,
        folder: workspaceFolder().uri.fsPath,
      });
      assert.ok(outcome.ok && outcome.workspace, outcome.message);
      id = outcome.workspace.id;
      assert.match(outcome.message ?? '', /is starting/);
      const ws = await untilState(id, 2);
      assert.equal(ws.inactivity_timeout, 20);
      assert.equal(ws.retention_time_stopped, 120);
      assert.equal(ws.auto_resume, false);
      const listing = await emulatorGet<{ files: Array<{ name: string }> }>(`/workspaces/${id}/list_files`);
      const names = listing.files.map((f) => f.name);
      assert.ok(names.includes('sum.py'), `uploaded file missing: ${names.join(', ')}`);
      assert.ok(names.includes('main.py'), 'project files stay');
    });

    it('shows the start as a progress notification that ends when the workspace runs, then says it runs', async () => {
      const messages = new MessageCapture();
      const progress = new ProgressCapture();
      messages.install();
      progress.install();
      try {
        const outcome = await create(CONSOLE_PYTHON);
        assert.ok(outcome.ok && outcome.workspace, outcome.message);
        const short = outcome.workspace.id.slice(0, 8);
        const starting = () => progress.shown.find((p) => p.title.includes(short) && /is starting/.test(p.title));
        assert.ok(starting(), `no progress notification for the start: ${JSON.stringify(progress.shown)}`);
        const running = await waitFor(() => messages.shown.find((m) => m.text.includes(short) && /is running/.test(m.text)), {
          timeoutMs: 40_000,
          what: 'the message that the workspace runs',
        });
        assert.equal(running.level, 'info');
        assert.deepEqual(running.buttons, ['Open IDE']);
        assert.equal(starting()?.ended, true, 'the "is starting" notification is still on screen');
        assert.equal((await wire(outcome.workspace.id)).state.code, 2);
        // A message stays in the notification centre: none may say "is starting".
        assert.deepEqual(
          messages.shown.filter((m) => /is starting/.test(m.text)),
          [],
        );
        await run('remove', outcome.workspace.id, { confirmed: true });
      } finally {
        messages.uninstall();
        progress.uninstall();
      }
    });

    it('refuses settings outside the spec bounds before sending anything', async () => {
      const outcome = await run('create', CONSOLE_PYTHON, { inactivityTimeout: 5 });
      assert.equal(outcome.ok, false);
      assert.match(outcome.message ?? '', /between 10 and 60/);
    });

    /**
     * The running workspace the later tests act on: the one "creates…" made, or one made now when
     * there is none (or it was removed), so that each test also passes alone and in any order.
     */
    beforeEach(async function () {
      if (/^(creates|refuses|shows the start)/.test(this.currentTest?.title ?? '')) return;
      this.timeout(90_000);
      if (!id || (await wire(id)).state.code === 4) {
        const outcome = await create(CONSOLE_PYTHON);
        assert.ok(outcome.ok && outcome.workspace, outcome.message);
        id = outcome.workspace.id;
      }
      if ((await wire(id)).state.code === 3) await run('resume', id);
      await untilState(id, 2);
    });

    it('stops and resumes the workspace', async () => {
      const stopped = await run('stop', id);
      assert.ok(stopped.ok, stopped.message);
      assert.match(stopped.message ?? '', /stopped/);
      assert.equal((await wire(id)).state.code, 3);
      const resumed = await run('resume', id);
      assert.ok(resumed.ok, resumed.message);
      assert.equal((await untilState(id, 2)).state.code, 2);
    });

    it('explains 1013 with the current state when the workspace cannot be resumed', async () => {
      const outcome = await run('resume', id);
      assert.equal(outcome.ok, false);
      assert.equal(outcome.errorCode, 1013);
      assert.match(outcome.message ?? '', /it is running/);
      assert.match(outcome.message ?? '', /cannot be stopped, resumed or removed in its current state/);
    });

    it('opens the IDE and the preview page at the addresses the service gives', async () => {
      const ws = await wire(id);
      const ide = await run('openIde', id);
      assert.equal(ide.url, ws.workspace_url);
      const preview = await run('openPreview', id);
      assert.ok(ws.preview_url);
      assert.equal(preview.url, ws.preview_url);
    });

    it('copies the workspace id', async () => {
      const outcome = await run('copyId', id);
      assert.equal(outcome.id, id);
      assert.equal(await vscode.env.clipboard.readText(), id);
    });

    it('asks with a QuickPick when run from the palette without a workspace', async () => {
      const shown = () => api.notices.filter((n) => /Choose a workspace$/.test(n)).length;
      const before = shown();
      const pending = run('copyId');
      // The picker loads one page of workspaces, then shows them: choose once it has.
      await waitFor(() => shown() > before, { what: 'the picker to show the workspaces' });
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const outcome = await pending;
      assert.ok(outcome.ok, JSON.stringify(outcome));
      assert.match(outcome.id ?? '', /^[0-9a-f]{32}$/);
    });

    it('shows the init output as a document', async () => {
      const outcome = await run('showInitOutput', id);
      assert.ok(outcome.ok, outcome.message);
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor, 'no document opened');
      assert.equal(editor.document.getText(), outcome.text || '(the init output is empty)');
      assert.equal(editor.document.isDirty, false, 'the init output shows as an unsaved document');
      assert.equal(editor.document.languageId, 'log');
    });

    it('shows the files to override, or says there are none', async () => {
      const outcome = await run('showFilesToOverride', id);
      if (!outcome.ok) assert.match(outcome.message ?? '', /has no files to override/);
      else assert.equal(typeof outcome.text, 'string');
    });

    it('removes the workspace once confirmed', async () => {
      const outcome = await run('remove', id, { confirmed: true });
      assert.ok(outcome.ok, outcome.message);
      assert.equal((await wire(id)).state.code, 4);
    });
  });

  describe('failures', () => {
    it('shows a failed init script: the flag, the tooltip and the init error stream', async () => {
      const outcome = await create(BROKEN_INIT);
      assert.ok(outcome.ok && outcome.workspace, outcome.message);
      const id = outcome.workspace.id;
      const ws = await untilState(id, 2);
      assert.equal(ws.workspace_init_failed, true);
      await run('refresh');
      const project = (await api.tree.rows()).find((r) => r.label === 'Broken Init (demo)')!;
      const row = await waitFor(async () => (await api.tree.rows(project.node)).find((r) => r.node.workspace?.id === id));
      assert.match(row.tooltip ?? '', /Init failed:\*\* \*\*yes\*\*/);
      assert.match(row.contextValue ?? '', /\+initError\b/);
      const stream = await run('showInitError', id);
      assert.ok(stream.ok, stream.message);
      assert.ok((stream.text ?? '').trim().length > 0, 'the init error stream is empty');
      assert.equal(vscode.window.activeTextEditor?.document.getText(), stream.text);
      await run('remove', id, { confirmed: true });
    });

    it('says when no slot is free and offers the running workspaces to stop', async () => {
      let refused: Outcome | undefined;
      try {
        for (let i = 0; i < 8 && !refused; i++) {
          const outcome = await create(CONSOLE_PYTHON);
          if (!outcome.ok) refused = outcome;
          // Only running workspaces can be stopped, so only those are offered.
          else await untilState(outcome.workspace!.id, 2);
        }
        assert.ok(refused, 'the emulator never ran out of slots');
        assert.equal(refused.status, 409);
        assert.equal(refused.errorCode, 200611);
        assert.match(refused.message ?? '', /no free workspace slot/i);
        const running = await emulatorGet<{ items: Array<{ id: string }> }>('/workspaces?states[]=2&limit=30');
        assert.ok((refused.offered ?? []).length > 0, 'no running workspace offered');
        for (const offered of refused.offered ?? [])
          assert.ok(
            running.items.some((ws) => ws.id === offered),
            `${offered} is not running`,
          );
        assert.ok(api.notices.includes(refused.message!), 'the message was shown');
      } finally {
        for (const id of created.splice(0)) {
          const ws = await wire(id);
          if (ws.state.code !== 4) await run('remove', id, { confirmed: true });
        }
      }
    });

    it('offers to set the token when the service rejects it (401)', async () => {
      const { token } = emulatorInfo();
      await setEmulatorTokens(['another-token-only']);
      try {
        const outcome = await run('stop', '0123456789abcdef0123456789abcdef');
        assert.equal(outcome.status, 401);
        assert.match(outcome.message ?? '', /access token was rejected/);
      } finally {
        await setEmulatorTokens([token]);
      }
    });

    for (const [status, code, text] of [
      [402, 2, /account is inactive/],
      [409, 200510, /temporarily unavailable/],
      [409, 200612, /Another edit session/],
    ] as const) {
      it(`says what ${status}/${code} means when creating`, async () => {
        const outcome = await withErrorService(status, code, async () => run('create', CONSOLE_PYTHON, {}));
        assert.equal(outcome.ok, false);
        assert.equal(outcome.status, status);
        assert.match(outcome.message ?? '', text);
      });
    }
  });
});
