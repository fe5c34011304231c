// Many workspaces written straight into the emulator's store, for scale tests and benches:
// creating a thousand through the API would start a thousand init scripts and take minutes.
// States cycle through running, stopped and error (every third stopped, every third failed).
import type { EmulatorContext } from '../context';
import { COLLECTIONS } from '../store/collections';
import type { WorkspaceRecord } from './workspace-model';

export interface SeedWorkspacesOptions {
  count: number;
  projectId: string;
  projectName: string;
  /** Fills the id after its 8 hex digits of index, so two seeds can tell their workspaces apart. */
  idFill: string;
  /** The last workspace (listed first) is starting: something a poller would want to watch. */
  lastStarting?: boolean;
}

export function seedWorkspaces(ctx: Pick<EmulatorContext, 'clock' | 'store'>, options: SeedWorkspacesOptions): void {
  const { count } = options;
  const now = ctx.clock.now();
  const table = ctx.store.table<WorkspaceRecord>(COLLECTIONS.containersWorkspaces);
  const records: WorkspaceRecord[] = [];
  for (let i = 0; i < count; i++) {
    const starting = options.lastStarting === true && i === count - 1;
    records.push({
      id: `${i.toString(16).padStart(8, '0')}${options.idFill.repeat(24)}`,
      projectId: options.projectId,
      projectName: options.projectName,
      slots: 1,
      state: starting ? 1 : [2, 3, 5][i % 3],
      errorReason: i % 3 === 2 ? 'emulated error' : null,
      createdAt: now - (count - i) * 1000,
      terminatedAt: null,
      lastUsage: null,
      activeSince: now,
      readyAt: starting ? now + 24 * 3_600_000 : now,
      stoppedAt: i % 3 === 1 ? now : null,
      inactivityTimeout: 60,
      workspaceToken: '',
      workspaceTokenRequired: false,
      autoResume: true,
      retentionStopped: 43200,
      retentionTotal: 0,
      config: '{}',
      workspaceInit: '',
      initDone: !starting,
      initFailed: false,
    });
  }
  // One transaction: thousands of rows cost one commit.
  ctx.store.transaction(() => records.forEach((record) => table.put(record)));
}
