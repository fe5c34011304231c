// Scale: the Containers tree model with 1,000 workspaces stays usable (every workspace reachable
// page by page, one request per page, a 5xx on the way shown as a retry row, not lost rows).
// The folder of 10,000 files is in bad-input.test.ts (listing) and test/host/faults-*.test.ts.
import * as assert from 'node:assert/strict';
import { ContainersTreeModel } from '../../src/core/containers';
import type { TreeNode } from '../../src/core/containers';
import { seedWorkspaces } from '../../emulator/containers/seed-workspaces';
import { PROJECTS } from '../emulator/containers-support';
import { clearFaults, clearRequests, clients, requests, setFaults, startTestEmulator, type ClientKit, type TestEmulator } from './support';

const COUNT = 1000;

describe('faults: scale of the Containers tree', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  let kit: ClientKit;
  let model: ContainersTreeModel;
  before(async () => {
    emu = await startTestEmulator({ slots: 10_000 });
    seedWorkspaces(emu.ctx, { count: COUNT, projectId: PROJECTS.python, projectName: 'Console Python', idFill: 'a' });
    kit = clients(emu);
  });
  after(async () => {
    model?.dispose();
    await kit.close();
    await emu.close();
  });

  const workspaces = (rows: TreeNode[]) => rows.filter((r) => r.kind === 'workspace');
  const loadMoreRow = (rows: TreeNode[]) => rows.find((r) => r.kind === 'loadMore') as (TreeNode & { list: string }) | undefined;

  it(`shows all ${COUNT} workspaces page by page, one request per page`, async () => {
    model = new ContainersTreeModel({ client: async () => kit.containers, pollIntervalMs: 3_600_000 });
    model.setVisible(true);
    model.setGrouping('flat');
    await clearRequests(emu);
    let rows = await model.getChildren();
    assert.ok(workspaces(rows).length > 0 && workspaces(rows).length < COUNT, 'a first page, not everything at once');
    for (let guard = 0; guard < 200; guard++) {
      const more = loadMoreRow(rows);
      if (!more) break;
      await model.loadMore(more.list as never);
      rows = await model.getChildren();
    }
    const ids = new Set(workspaces(rows).map((r) => (r as TreeNode & { workspace: { id: string } }).workspace.id));
    assert.equal(ids.size, COUNT);
    const pages = await requests(emu, /\/workspaces$/, 'GET');
    assert.equal(pages.length, Math.ceil(COUNT / 30), 'one request per page of 30');
  });

  it('a 5xx while loading more keeps the rows already shown and offers a retry', async () => {
    model.dispose();
    model = new ContainersTreeModel({ client: async () => kit.containers, pollIntervalMs: 3_600_000 });
    model.setVisible(true);
    model.setGrouping('flat');
    const first = await model.getChildren();
    const shown = workspaces(first).length;
    await setFaults(emu, [{ path: '/containers/api/v1/workspaces$', method: 'GET', kind: 'status', status: 503 }]);
    try {
      await model.loadMore(loadMoreRow(first)!.list as never).catch(() => undefined);
      const after = await model.getChildren();
      assert.equal(workspaces(after).length, shown, 'no row lost');
      assert.ok(
        after.some((r) => r.kind === 'retry' || r.kind === 'stale' || r.kind === 'loadMore'),
        `a way to try again: ${after.map((r) => r.kind)}`,
      );
    } finally {
      await clearFaults(emu);
    }
  });
});
