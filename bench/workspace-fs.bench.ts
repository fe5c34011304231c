// Workspace files: requests per user action and the time to open 100 files in a row, counted in
// the emulator's own request log. Drives the provider's VS Code-free core (WorkspaceFsModel) with
// the call sequences VS Code's file service makes for each action:
//   open folder   stat(root), readDirectory(root)
//   probes        stat of .vscode/settings.json, tasks.json, launch.json, extensions.json, .git, ...
//   expand        stat(dir), readDirectory(dir), stat(child) for every child (Explorer metadata)
//   open a file   stat(file), readFile(file)
//   save          stat(file) (the "newer on disk" check), writeFile, stat(file) (the new time)
//
//   npm run bench -- workspace-fs                (or node out/bench/workspace-fs.bench.js after npx tsc -p .)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ContainersClient } from '../src/api/containers';
import { WORKSPACE_STATES } from '../src/api/types';
import { WorkspaceFsModel } from '../src/core/workspace-files';
import { defaultOptions, startEmulator } from '../emulator/server';
import type { Benchmark, Figure } from './types';

const TOKEN = 'bench-token';
const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const FILES_TO_OPEN = 100;

// Runs in the workspace folder when it starts (the emulator runs it with bash).
const INIT = [
  'mkdir -p src many',
  'printf "def helper():\\n    return 42\\n" > src/helper.py',
  'printf "# notes\\n" > src/NOTES.md',
  `for i in $(seq 1 ${FILES_TO_OPEN}); do printf "print($i)\\n" > many/file_$i.py; done`,
].join('\n');

const PROBES = [
  '.vscode/settings.json',
  '.vscode/tasks.json',
  '.vscode/launch.json',
  '.vscode/extensions.json',
  '.git',
  '.git/config',
  '.devcontainer/devcontainer.json',
  '.gitignore',
  '.editorconfig',
];

export interface WorkspaceFsFigures {
  openFolder: Counts;
  probes: Counts;
  expandFolder: Counts;
  openFile: Counts;
  save: Counts;
  saveWithinListingWindow: Counts;
  open100: Counts & { ms: number; msPerFile: number };
}

interface Counts {
  requests: number;
  byKind: Record<string, number>;
}

export async function runWorkspaceFsBench(): Promise<WorkspaceFsFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-bench-fs-'));
  const emu = await startEmulator(defaultOptions({ dataDir, tokens: [TOKEN], workspaceStartMs: 200 }));
  try {
    const client = new ContainersClient({ endpoint: emu.endpoints.containers, token: TOKEN });
    const { workspace } = await client.createWorkspace({ projectId: CONSOLE_PYTHON, workspaceInit: INIT });
    await waitUntil(async () => (await client.getWorkspace(workspace.id)).state.code === WORKSPACE_STATES.running);
    await waitUntil(async () => (await client.listFiles(workspace.id, 'many')).files.length === FILES_TO_OPEN, 'init script');
    const id = workspace.id;
    const model = new WorkspaceFsModel({ client: async () => client });

    const count = async (action: () => Promise<unknown>): Promise<Counts> => {
      emu.ctx.requests.clear();
      await action();
      const list = emu.ctx.requests.list();
      const byKind: Record<string, number> = {};
      for (const r of list) {
        const kind = r.method === 'POST' ? 'upload' : /\/list_files/.test(r.url) ? 'list_files' : /\/files\//.test(r.url) ? 'download' : `${r.method} other`;
        byKind[kind] = (byKind[kind] ?? 0) + 1;
      }
      return { requests: list.length, byKind };
    };
    const settle = () => new Promise((r) => setTimeout(r, 2100)); // past the model's 2 s listing reuse

    const openFolder = await count(async () => {
      await model.stat(id, '');
      await model.readDirectory(id, '');
    });
    const probes = await count(() => Promise.all(PROBES.map((p) => model.stat(id, p).catch(() => undefined))));
    await settle();
    const expandFolder = await count(async () => {
      await model.stat(id, 'src');
      const children = await model.readDirectory(id, 'src');
      await Promise.all(children.map((c) => model.stat(id, `src/${c.name}`)));
    });
    await settle();
    const openFile = await count(async () => {
      await model.stat(id, 'src/helper.py');
      await model.readFile(id, 'src/helper.py');
    });
    await settle();
    const edited = Buffer.from('def helper():\n    return 43  # edited\n');
    const save = await count(async () => {
      await model.stat(id, 'src/helper.py');
      await model.writeFile(id, 'src/helper.py', edited, { create: true, overwrite: true });
      await model.stat(id, 'src/helper.py');
    });
    // A second save right away: its check before writing asks the server again (the answer an
    // upload leaves serves only the stat right after it), so it costs what the first save did.
    const saveWithinListingWindow = await count(async () => {
      await model.stat(id, 'src/helper.py');
      await model.writeFile(id, 'src/helper.py', Buffer.from('def helper():\n    return 44\n'), { create: true, overwrite: true });
      await model.stat(id, 'src/helper.py');
    });

    // 100 files in a row, as a person clicking through an expanded folder.
    await model.readDirectory(id, 'many');
    const started = performance.now();
    const open100Counts = await count(async () => {
      for (let i = 1; i <= FILES_TO_OPEN; i++) {
        await model.stat(id, `many/file_${i}.py`);
        await model.readFile(id, `many/file_${i}.py`);
      }
    });
    const ms = performance.now() - started;
    return {
      openFolder,
      probes,
      expandFolder,
      openFile,
      save,
      saveWithinListingWindow,
      open100: { ...open100Counts, ms: Math.round(ms), msPerFile: Math.round((ms / FILES_TO_OPEN) * 10) / 10 },
    };
  } finally {
    await emu.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitUntil(probe: () => Promise<boolean>, what = 'workspace start'): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      /* not there yet */
    }
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function describe(c: Counts): string {
  const kinds = Object.entries(c.byKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(' + ');
  return `${c.requests}${kinds ? ` (${kinds})` : ''}`;
}

/** Requests other than the listed kinds, so a figure cannot hide an unexpected call. */
function others(c: Counts, kinds: string[]): number {
  return Object.entries(c.byKind).reduce((n, [k, v]) => (kinds.includes(k) ? n : n + v), 0);
}

export const benchmark: Benchmark = {
  name: 'workspace-fs',
  async run(): Promise<Figure[]> {
    const f = await runWorkspaceFsBench();
    const lists = (c: Counts) => c.byKind.list_files ?? 0;
    const uploads = (c: Counts) => c.byKind.upload ?? 0;
    const figure = (name: string, c: Counts, goal: number): Figure => ({ name, value: c.requests, unit: 'requests', goal: `${goal}`, ok: c.requests <= goal, note: describe(c) });
    return [
      figure('workspace files: open the folder', f.openFolder, 1),
      figure(`workspace files: VS Code's probes (${PROBES.length} paths)`, f.probes, 0),
      figure('workspace files: expand a folder', f.expandFolder, 1),
      figure('workspace files: open a file', f.openFile, 1),
      {
        name: 'workspace files: save (stat, upload, stat)',
        value: f.save.requests,
        unit: 'requests',
        goal: '1 upload + at most 1 stat',
        ok: uploads(f.save) === 1 && lists(f.save) <= 1 && others(f.save, ['upload', 'list_files']) === 0,
        note: describe(f.save),
      },
      { name: 'workspace files: save again at once', value: f.saveWithinListingWindow.requests, unit: 'requests', note: describe(f.saveWithinListingWindow) },
      { name: `workspace files: open ${FILES_TO_OPEN} files in a row`, value: f.open100.ms, unit: 'ms', note: `${describe(f.open100)}; ${f.open100.msPerFile} ms per file` },
    ];
  },
};

if (require.main === module) {
  runWorkspaceFsBench().then(
    (f) => {
      console.log('| Action | Requests |');
      console.log('|---|---|');
      console.log(`| Open the folder (stat + list root) | ${describe(f.openFolder)} |`);
      console.log(`| VS Code's probes (${PROBES.length} paths) | ${describe(f.probes)} |`);
      console.log(`| Expand a folder | ${describe(f.expandFolder)} |`);
      console.log(`| Open a file | ${describe(f.openFile)} |`);
      console.log(`| Save | ${describe(f.save)} |`);
      console.log(`| Save again at once | ${describe(f.saveWithinListingWindow)} |`);
      console.log(`| Open ${FILES_TO_OPEN} files in a row | ${describe(f.open100)}; ${f.open100.ms} ms (${f.open100.msPerFile} ms per file) |`);
      console.log(JSON.stringify(f));
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
