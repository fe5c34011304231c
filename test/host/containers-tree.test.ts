// The Projects & Workspaces view against the run's emulator, read as a person sees it: projects
// with their details, workspaces with state icons and tooltips, the state filter, the flat list,
// the offline marker, and how many requests showing and refreshing the tree costs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, clearEmulatorFaults, clearEmulatorRequests, emulatorInfo, emulatorRequests, setEmulatorFaults, waitFor } from './helpers';

interface Row {
  node: { kind: string; key: string; workspace?: { id: string; state: { code: number } }; project?: { id: string } };
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  icon?: string;
  iconColor?: string;
  collapsible: boolean;
}
interface ContainersApi {
  tree: {
    rows(parent?: unknown): Promise<Row[]>;
    rootState(): string;
    visible(): boolean;
    grouping(): string;
    stateFilter(): number[];
    activity(): { loading: boolean; changeScheduled: boolean; changesHeld: boolean; pollScheduled: boolean };
  };
  notices: string[];
}
interface Created {
  ok: boolean;
  workspace?: { id: string };
  message?: string;
}

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const SEED_PROJECT_NAMES = ['Console Python', 'Console C++', 'Python Unit Tests', 'Broken Init (demo)', 'Misconfigured Project (demo)'];

const workspaceGets = (items: { method: string; url: string }[]) => items.filter((r) => r.method === 'GET' && /\/containers\/api\/v1\/workspaces(\?|$)/.test(r.url));
const projectGets = (items: { method: string; url: string }[]) => items.filter((r) => r.method === 'GET' && /\/containers\/api\/v1\/projects(\?|$)/.test(r.url));

describe('containers tree', () => {
  let api: ContainersApi;
  const created: string[] = [];
  /** No list is loading and no change waits to reach the view: the requests for now are all sent. */
  const settled = () => {
    const now = api.tree.activity();
    return !now.loading && !now.changeScheduled;
  };
  /**
   * The workspace the later tests act on: the one the "new workspace" test made, or one made now,
   * so that each test also passes alone (`--grep`) and in any order.
   */
  async function ourWorkspace(): Promise<string> {
    if (created.length) return created[0];
    const outcome = await vscode.commands.executeCommand<Created>('sphereEngine.workspaces.create', CONSOLE_PYTHON, { retentionTimeStopped: 60 });
    assert.ok(outcome.ok && outcome.workspace, outcome.message);
    created.push(outcome.workspace.id);
    return outcome.workspace.id;
  }

  before(async () => {
    const exported = await activateExtension<{ containers?: ContainersApi }>();
    assert.ok(exported.containers, 'exports.containers missing');
    api = exported.containers;
    await vscode.commands.executeCommand('sphereEngine.workspaces.focus');
    await waitFor(() => api.tree.visible(), { what: 'the Projects & Workspaces view to show' });
  });

  afterEach(async () => {
    await clearEmulatorFaults();
  });

  after(async () => {
    for (const id of created) await vscode.commands.executeCommand('sphereEngine.workspaces.remove', id, { confirmed: true });
    await vscode.commands.executeCommand('sphereEngine.workspaces.filterStates', [1, 2, 3, 5]);
    await vscode.commands.executeCommand('sphereEngine.workspaces.groupByProject');
  });

  it('lists the seed projects with one request, and their details and workspaces with one more', async () => {
    await api.tree.rows(); // let the first showing finish: a refresh during a load asks for a newer answer
    await waitFor(() => settled(), { what: 'the first showing to finish' });
    await clearEmulatorRequests();
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    // The refresh is merged over a short window before the view asks again: wait for the view's
    // request to be answered and nothing more to be under way.
    await waitFor(async () => projectGets(await emulatorRequests()).length > 0 && settled(), { what: 'the view to fetch the projects again' });
    const roots = await api.tree.rows();
    const labels = roots.map((r) => r.label);
    for (const name of SEED_PROJECT_NAMES) assert.ok(labels.includes(name), `no project "${name}" in ${JSON.stringify(labels)}`);
    assert.ok(
      roots.every((r) => r.collapsible),
      'project rows expand',
    );
    assert.equal(projectGets(await emulatorRequests()).length, 1, 'showing the projects costs one GET /projects');

    await clearEmulatorRequests();
    const python = roots.find((r) => r.label === 'Console Python')!;
    const children = await api.tree.rows(python.node);
    const details = Object.fromEntries(children.filter((r) => r.node.kind === 'detail').map((r) => [r.label, r.description]));
    assert.deepEqual(details, {
      Stack: 'python',
      Slots: '1',
      Template: 'yes',
      Description: 'Python 3 console application: reads standard input, writes standard output.',
    });
    const gets = workspaceGets(await emulatorRequests());
    assert.equal(gets.length, 1, 'expanding a project costs one GET /workspaces');
    assert.match(gets[0].url, new RegExp(`project_id=${CONSOLE_PYTHON}`));
    assert.match(decodeURIComponent(gets[0].url), /states\[\]=1&states\[\]=2&states\[\]=3&states\[\]=5/, 'removed workspaces are filtered out by the server');
  });

  it('shows a new workspace as starting (spinning), then running after the automatic refresh', async () => {
    const outcome = await vscode.commands.executeCommand<Created>('sphereEngine.workspaces.create', CONSOLE_PYTHON, { retentionTimeStopped: 60 });
    assert.ok(outcome.ok && outcome.workspace, outcome.message);
    const id = outcome.workspace.id;
    created.push(id);
    const python = (await api.tree.rows()).find((r) => r.label === 'Console Python')!;
    const row = async () => (await api.tree.rows(python.node)).find((r) => r.node.workspace?.id === id);

    const first = await waitFor(row, { what: 'the new workspace row' });
    if (first.node.workspace!.state.code === 1) {
      assert.equal(first.icon, 'loading~spin');
      assert.match(first.contextValue ?? '', /^workspace:starting/);
      // What "stops polling once nothing is starting" reads: a poll round is due while one starts.
      await waitFor(() => api.tree.activity().pollScheduled, { what: 'a poll round to be due while the workspace starts' });
    }
    // Nobody refreshes by hand: the tree polls while a workspace is starting and the view shows.
    const running = await waitFor(
      async () => {
        const r = await row();
        return r?.node.workspace?.state.code === 2 ? r : undefined;
      },
      { timeoutMs: 30_000, what: 'the row to turn running' },
    );
    assert.equal(running.icon, 'vm-running');
    assert.equal(running.iconColor, 'charts.green');
    assert.match(running.description ?? '', /running/);
    assert.match(running.contextValue ?? '', /\+stop\b/);
    assert.match(running.contextValue ?? '', /\+remove\b/);
    assert.match(running.contextValue ?? '', /\+enter\b/);
    assert.doesNotMatch(running.contextValue ?? '', /\+resume\b/);
    const tooltip = running.tooltip ?? '';
    for (const field of ['Project', 'Created', 'Last use', 'Inactivity timeout', 'Kept when stopped', 'Removed after', 'Init failed']) {
      assert.match(tooltip, new RegExp(`\\*\\*${field}:\\*\\*`), `tooltip lacks ${field}: ${tooltip}`);
    }
    assert.match(tooltip, /Kept when stopped:\*\* 60 min/);
    assert.match(tooltip, /Inactivity timeout:\*\* 15 min/);
  });

  it('stops polling once nothing is starting', async () => {
    await waitFor(async () => (await api.tree.rows()).length > 0);
    await waitFor(() => settled(), { what: 'the tree to finish loading' });
    await clearEmulatorRequests();
    // Polling is a timer the model sets only while a shown workspace changes by itself: none set
    // once the loads are over means nothing will be polled.
    assert.equal(api.tree.activity().pollScheduled, false, 'no workspace is starting, so no poll round is due');
    assert.equal(workspaceGets(await emulatorRequests()).length, 0, 'no workspace is starting, so nothing is polled');
  });

  it('marks a workspace in the error state red with its error reason', async () => {
    const id = await ourWorkspace();
    const { origin, token } = emulatorInfo();
    const res = await fetch(`${origin}/containers/api/v1/__emulator/workspaces/${id}/error?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error_reason: 'disk quota exceeded (test)' }),
    });
    assert.equal(res.status, 200, await res.text());
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    const python = (await api.tree.rows()).find((r) => r.label === 'Console Python')!;
    const row = await waitFor(async () => (await api.tree.rows(python.node)).find((r) => r.node.workspace?.id === id && r.node.workspace.state.code === 5));
    assert.equal(row.icon, 'error');
    assert.equal(row.iconColor, 'charts.red');
    assert.match(row.description ?? '', /disk quota exceeded \(test\)/);
    assert.match(row.tooltip ?? '', /Error reason:\*\* disk quota exceeded \\\(test\\\)/);
  });

  it('hides removed workspaces unless the state filter shows them', async () => {
    const id = await ourWorkspace();
    const removed = await vscode.commands.executeCommand<{ ok: boolean; message?: string }>('sphereEngine.workspaces.remove', id, { confirmed: true });
    assert.ok(removed.ok, removed.message);
    const python = (await api.tree.rows()).find((r) => r.label === 'Console Python')!;
    await waitFor(async () => !(await api.tree.rows(python.node)).some((r) => r.node.workspace?.id === id), { what: 'the removed workspace to disappear' });

    await vscode.commands.executeCommand('sphereEngine.workspaces.filterStates', [4]);
    const rows = await api.tree.rows(python.node);
    const row = rows.find((r) => r.node.workspace?.id === id);
    assert.ok(row, 'the removed workspace shows with the "removed" filter');
    assert.equal(row.icon, 'trash');
    assert.ok(
      rows.filter((r) => r.node.kind === 'workspace').every((r) => r.node.workspace!.state.code === 4),
      'only removed workspaces',
    );
    await vscode.commands.executeCommand('sphereEngine.workspaces.filterStates', [1, 2, 3, 5]);
  });

  it('shows all workspaces in one flat list with their project names', async () => {
    await vscode.commands.executeCommand('sphereEngine.workspaces.filterStates', [1, 2, 3, 4, 5]);
    await vscode.commands.executeCommand('sphereEngine.workspaces.showAllWorkspaces');
    assert.equal(api.tree.grouping(), 'flat');
    // The switch itself loads the list; its request may land before or after a clear, so it is
    // let finish, and the count below is of one refresh.
    await api.tree.rows();
    await clearEmulatorRequests();
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    const id = await ourWorkspace();
    const rows = await api.tree.rows();
    assert.ok(rows.length > 0 && rows.every((r) => r.node.kind === 'workspace' || r.node.kind === 'loadMore'), JSON.stringify(rows.map((r) => r.label)));
    const mine = rows.find((r) => r.node.workspace?.id === id);
    assert.ok(mine, 'the removed workspace is listed when every state is shown');
    assert.match(mine.label, /^Console Python · /);
    const gets = await waitFor(
      async () => {
        const sent = workspaceGets(await emulatorRequests());
        return sent.length ? sent : undefined;
      },
      { what: 'the flat list request' },
    );
    assert.equal(gets.length, 1);
    assert.doesNotMatch(decodeURIComponent(gets[0].url), /states\[\]/, 'every state wanted: no filter sent');
    await vscode.commands.executeCommand('sphereEngine.workspaces.groupByProject');
    await vscode.commands.executeCommand('sphereEngine.workspaces.filterStates', [1, 2, 3, 5]);
  });

  it('keeps the last known projects, marked with their time, plus a retry item when the service cannot be reached', async () => {
    const before = (await api.tree.rows()).filter((r) => r.node.kind === 'project').map((r) => r.label);
    await setEmulatorFaults([{ path: '/containers/api/v1/projects$', kind: 'drop' }]);
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    const rows = await waitFor(
      async () => {
        const r = await api.tree.rows();
        return r.some((row) => row.node.kind === 'stale') ? r : undefined;
      },
      { timeoutMs: 30_000, what: 'the offline marker' },
    );
    assert.match(rows[0].label, /^Offline: showing items fetched at \d/);
    assert.ok(rows.some((r) => r.node.kind === 'retry' && r.label === 'Retry'));
    assert.deepEqual(
      rows.filter((r) => r.node.kind === 'project').map((r) => r.label),
      before,
    );

    await clearEmulatorFaults();
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    await waitFor(async () => !(await api.tree.rows()).some((r) => r.node.kind === 'stale'), { what: 'the marker to go after a retry' });
  });

  it('sends nothing while the view is hidden and merges the triggers into one request when it shows', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => !api.tree.visible(), { what: 'the view to hide' });
    await clearEmulatorRequests();
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    await vscode.commands.executeCommand('sphereEngine.workspaces.refresh');
    // While hidden the model keeps the changes instead of scheduling them: nothing can be sent.
    const held = api.tree.activity();
    assert.ok(held.changesHeld && !held.changeScheduled && !held.pollScheduled && !held.loading, `held while hidden: ${JSON.stringify(held)}`);
    assert.equal(projectGets(await emulatorRequests()).length + workspaceGets(await emulatorRequests()).length, 0, 'no request while hidden');

    await vscode.commands.executeCommand('sphereEngine.workspaces.focus');
    await waitFor(async () => projectGets(await emulatorRequests()).length > 0, { what: 'the view to fetch the projects when shown' });
    await api.tree.rows();
    await waitFor(() => settled(), { what: 'the view to finish showing' });
    assert.equal(projectGets(await emulatorRequests()).length, 1, 'two refreshes while hidden cost one request');
  });
});
