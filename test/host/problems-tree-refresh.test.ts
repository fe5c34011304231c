// The Problems view when the connection changes while it loads (found by the local emulator's host
// test: Stop Local Emulator while the view was loading left its "connection cut" error in place
// after the modules were pointed elsewhere). A refresh must forget a load in flight: the view then
// shows what the new connection gives, never the old one's answer. As D6 for the Containers tree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { makeUnreachable, restoreAll } from './faults-support';
import { activateExtension, emulatorFaults, problemsViewBackOnRunEmulator, setEmulatorFaults, waitFor } from './helpers';

describe('Problems view: a connection change while it loads', function () {
  this.timeout(60_000);
  let api: ExtensionTestApi['problems'];

  before(async () => {
    api = (await activateExtension()).problems;
  });

  afterEach(async () => {
    await restoreAll();
    await problemsViewBackOnRunEmulator();
  });

  const labels = async () => (await api.tree.getChildren()).map((node) => String(api.tree.getTreeItem(node).label));

  it("shows the new connection's state, not the rows of the load that was in flight", async () => {
    await setEmulatorFaults([{ path: '^/problems/api/v4/problems$', method: 'GET', kind: 'latency', ms: 2000, times: 1 }]);
    await vscode.commands.executeCommand('sphereEngine.problems.refresh');
    const loading = api.tree.getChildren();
    // The slow GET has reached the emulator (its one-time fault is used up): a load is in flight.
    await waitFor(async () => (await emulatorFaults()).every((rule) => rule.times === 0), { what: 'the slow GET to arrive' });
    await makeUnreachable('problems');
    await loading;
    const shown = await labels();
    assert.ok(!shown.includes('ADDTWO'), `rows of the old endpoint: ${JSON.stringify(shown)}`);
    assert.match(shown.join(' '), /Could not load problems/);
  });
});
