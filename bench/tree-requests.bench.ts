// Figures of the Containers tree (issue 5), measured on the emulator's request log with the
// tree model driven directly (no VS Code): a fake view asks for the rows VS Code would ask for.
//   - requests to show the tree, per expanded level (goal: one per level)
//   - requests while the view is hidden, with a starting workspace that would be polled (goal: 0)
//   - time to first rows with 1000 workspaces on the account
// Run alone: node out/bench/tree-requests.bench.js   (TREE_BENCH_HIDDEN_MS shortens the hidden wait)
import * as os from 'node:os';
import * as path from 'node:path';
import { promises as fsp } from 'node:fs';
import { ContainersClient } from '../src/api';
import { ContainersTreeModel } from '../src/core/containers';
import type { ProjectNode, TreeNode } from '../src/core/containers';
import { defaultOptions, startEmulator, type RunningEmulator } from '../emulator/server';

const TOKEN = 'bench-token';
import { seedWorkspaces } from '../emulator/containers/seed-workspaces';
import type { Benchmark, BenchContext, Figure } from './types';

const WORKSPACES = 1000;
const HIDDEN_MS = Number(process.env.TREE_BENCH_HIDDEN_MS ?? 30_000);
const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';

/** Stands in for VS Code: on every change it asks again for the rows it shows. */
class FakeView {
  readonly expanded = new Set<TreeNode>();
  private readonly listener;
  constructor(private readonly model: ContainersTreeModel) {
    this.listener = model.onDidChange((node) => void this.render(node));
  }
  async render(node?: TreeNode): Promise<void> {
    if (!this.model.isVisible()) return;
    await this.model.getChildren(node);
    if (node === undefined) for (const open of this.expanded) await this.model.getChildren(open);
  }
  dispose(): void {
    this.listener.dispose();
  }
}

const apiRequests = (emulator: RunningEmulator) => emulator.ctx.requests.list().filter((r) => r.url.startsWith('/containers/api/'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(ctx: BenchContext): Promise<Figure[]> {
  const dataDir = path.join(ctx.tmpDir, 'emulator');
  const emulator = await startEmulator(defaultOptions({ dataDir, tokens: [TOKEN], slots: 10_000, sandbox: 'none' }));
  const client = new ContainersClient({ endpoint: emulator.endpoints.containers, token: TOKEN });
  const figures: Figure[] = [];
  try {
    seedWorkspaces(emulator.ctx, { count: WORKSPACES, projectId: CONSOLE_PYTHON, projectName: 'Console Python', idFill: '0', lastStarting: true });
    const model = new ContainersTreeModel({ client: async () => client });
    const view = new FakeView(model);
    model.setVisible(true);

    // Level 1: the projects. Level 2: one project's details and workspaces.
    emulator.ctx.requests.clear();
    let started = performance.now();
    const roots = await model.getChildren();
    const rootsMs = performance.now() - started;
    const level1 = apiRequests(emulator).length;
    const python = roots.find((n): n is ProjectNode => n.kind === 'project' && n.project.id === CONSOLE_PYTHON)!;
    emulator.ctx.requests.clear();
    started = performance.now();
    const rows = await model.getChildren(python);
    const firstRowsMs = performance.now() - started;
    const level2 = apiRequests(emulator).length;
    view.expanded.add(python);
    figures.push(
      { name: 'requests to show the projects (level 1)', value: level1, unit: 'requests', goal: '1', ok: level1 === 1 },
      {
        name: 'requests to expand a project (level 2)',
        value: level2,
        unit: 'requests',
        goal: '1',
        ok: level2 === 1,
        note: `${rows.filter((r) => r.kind === 'workspace').length} workspace rows + "Load more"`,
      },
      { name: `time to first rows: projects`, value: rootsMs, unit: 'ms' },
      { name: `time to first rows: project with ${WORKSPACES} workspaces`, value: firstRowsMs, unit: 'ms', note: 'one page of 30, the rest behind "Load more"' },
    );

    // Two refresh triggers at once cost one request.
    emulator.ctx.requests.clear();
    model.refresh(`project:${CONSOLE_PYTHON}`);
    model.refresh(`project:${CONSOLE_PYTHON}`);
    await Promise.all([view.render(python), view.render(python)]);
    await sleep(200);
    const merged = apiRequests(emulator).length;
    figures.push({ name: 'requests for two refresh triggers at once', value: merged, unit: 'requests', goal: '1', ok: merged === 1 });

    // Flat "All workspaces" list of 1000.
    model.setGrouping('flat');
    view.expanded.clear();
    emulator.ctx.requests.clear();
    started = performance.now();
    await model.getChildren();
    const flatMs = performance.now() - started;
    figures.push({ name: `time to first rows: all ${WORKSPACES} workspaces (flat)`, value: flatMs, unit: 'ms', note: `${apiRequests(emulator).length} request(s)` });

    // Hidden: a starting workspace is shown, so a visible view would poll every 5 s.
    model.setVisible(false);
    emulator.ctx.requests.clear();
    model.refresh();
    model.refresh();
    await sleep(HIDDEN_MS);
    const hidden = apiRequests(emulator).length;
    figures.push({
      name: `requests while hidden for ${HIDDEN_MS / 1000} s`,
      value: hidden,
      unit: 'requests',
      goal: '0',
      ok: hidden === 0,
      note: 'a starting workspace in the list, two refreshes asked',
    });

    // Shown again: one merged request, then polling at the 5 s rhythm while something starts.
    emulator.ctx.requests.clear();
    model.setVisible(true);
    await sleep(HIDDEN_MS);
    const visible = apiRequests(emulator).length;
    figures.push({
      name: `requests while visible for ${HIDDEN_MS / 1000} s (one workspace starting)`,
      value: visible,
      unit: 'requests',
      note: 'for contrast: 1 on showing + one poll per 5 s',
    });

    view.dispose();
    model.dispose();
  } finally {
    await client.close();
    await emulator.close();
  }
  return figures;
}

export const benchmark: Benchmark = { name: 'tree-requests', run };

if (require.main === module) {
  void (async () => {
    const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-tree-'));
    try {
      const figures = await run({ repoRoot: path.resolve(__dirname, '..', '..'), tmpDir, log: (m) => console.error(m) });
      for (const f of figures)
        console.log(`${f.name}: ${Number.isInteger(f.value) ? f.value : f.value.toFixed(1)} ${f.unit}${f.goal ? ` (goal ${f.goal}: ${f.ok ? 'met' : 'NOT met'})` : ''}`);
    } finally {
      await fsp.rm(tmpDir, { recursive: true, force: true });
    }
  })();
}
