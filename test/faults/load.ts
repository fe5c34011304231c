// Load on the emulator: N concurrent clients (each its own connection pool, like N editors) run
// a mix of API calls in a bounded loop for a fixed time, with retries OFF so every failure
// counts. The emulator runs in a child process (`node out/emulator/main.js`), so the figures are
// its own, not shared with the load generator.
//   node out/test/faults/load.js [--clients 50] [--seconds 60] [--json FILE]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CompilersClient, ContainersClient, ProblemsClient, SphereApiError, type HttpClientOptions } from '../../src/api';
import { startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './emulator-process';

export interface LoadOptions {
  clients: number;
  seconds: number;
  /** Progress lines; default silent. */
  log?: (line: string) => void;
}

export interface OperationFigures {
  count: number;
  failures: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  failures: number;
  /** The first few failures, for the report. */
  failureSamples: string[];
  requestsPerSecond: number;
  /** Loops each client completed: min and max, to show nobody starved. */
  loopsPerClient: { min: number; max: number };
  operations: Record<string, OperationFigures>;
  emulatorRssMiB?: number;
  /** The emulator answered /test right after the load. */
  servingAfter: boolean;
}

const TOKEN = 'load-test-token';
const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';

/** Starts `out/emulator/main.js` with its own data folder, removed again by stopEmulator. */
async function startEmulator(): Promise<EmulatorProcess & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-load-'));
  try {
    return { ...(await startEmulatorProcess(['--data', dataDir, '--token', TOKEN, '--workspace-start-ms', '200', '--slots', '8'])), dataDir };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function stopEmulator(emu: EmulatorProcess & { dataDir: string }): Promise<void> {
  await stopEmulatorProcess(emu);
  fs.rmSync(emu.dataDir, { recursive: true, force: true });
}

function rssMiB(pid: number | undefined): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One running workspace every client reads and writes its own file in. */
async function prepareWorkspace(options: HttpClientOptions): Promise<string> {
  const client = new ContainersClient(options);
  try {
    const { workspace } = await client.createWorkspace({ projectId: CONSOLE_PYTHON });
    for (let i = 0; i < 300; i++) {
      const ws = await client.getWorkspace(workspace.id);
      if (ws.state.code === 2) return ws.id;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the load workspace never started');
  } finally {
    await client.close();
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const log = options.log ?? (() => undefined);
  const emu = await startEmulator();
  const latencies = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const samples: string[] = [];
  const loops: number[] = new Array(options.clients).fill(0);
  try {
    const base = (endpoint: string): HttpClientOptions => ({
      endpoint,
      token: TOKEN,
      retry: { attempts: 1 }, // no retries: a failure is a failure
      timeouts: { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 },
    });
    const wsId = await prepareWorkspace(base(emu.endpoints.containers));
    log(`emulator ${emu.origin} (pid ${emu.child.pid}), workspace ${wsId}; ${options.clients} clients for ${options.seconds} s`);

    const deadline = Date.now() + options.seconds * 1000;
    const record = async (name: string, call: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await call();
        const list = latencies.get(name) ?? [];
        list.push(performance.now() - started);
        latencies.set(name, list);
      } catch (err) {
        failures.set(name, (failures.get(name) ?? 0) + 1);
        if (samples.length < 5) samples.push(`${name}: ${err instanceof SphereApiError ? err.message : String(err)}`);
      }
    };

    const client = async (n: number) => {
      const containers = new ContainersClient(base(emu.endpoints.containers));
      const compilers = new CompilersClient(base(emu.endpoints.compilers));
      const problems = new ProblemsClient(base(emu.endpoints.problems));
      const file = `load-${n}.txt`;
      const payload = Buffer.from(`client ${n} `.repeat(200));
      try {
        // A bounded loop: it stops by itself at the deadline.
        while (Date.now() < deadline) {
          await record('containers GET /test', () => containers.test());
          await record('containers GET /projects', () => containers.listProjects({ limit: 20 }));
          await record('containers GET /workspaces', () => containers.listWorkspaces({ limit: 30 }));
          await record('containers POST /workspaces/{id}/files', () => containers.uploadFile(wsId, file, payload));
          await record('containers GET /workspaces/{id}/files/{path}', async () => {
            const got = await containers.downloadFile(wsId, file);
            if (!got.equals(payload)) throw new Error('downloaded bytes differ from the upload');
          });
          await record('containers GET /workspaces/{id}/list_files', () => containers.listFiles(wsId));
          await record('compilers GET /compilers', () => compilers.listCompilers());
          await record('problems GET /problems', () => problems.listProblems({ limit: 10 }));
          loops[n]++;
        }
      } finally {
        await Promise.all([containers.close(), compilers.close(), problems.close()]);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
    const elapsedSec = (Date.now() - started) / 1000;

    const check = new CompilersClient({ ...base(emu.endpoints.compilers) });
    const servingAfter = await check.test().then(
      () => true,
      () => false,
    );
    await check.close();

    const operations: Record<string, OperationFigures> = {};
    let requests = 0;
    let failed = 0;
    for (const name of new Set([...latencies.keys(), ...failures.keys()])) {
      const sorted = (latencies.get(name) ?? []).sort((a, b) => a - b);
      const f = failures.get(name) ?? 0;
      operations[name] = {
        count: sorted.length + f,
        failures: f,
        p50Ms: Math.round(percentile(sorted, 50)),
        p95Ms: Math.round(percentile(sorted, 95)),
        p99Ms: Math.round(percentile(sorted, 99)),
        maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
      };
      requests += sorted.length + f;
      failed += f;
    }
    return {
      clients: options.clients,
      seconds: options.seconds,
      requests,
      failures: failed,
      failureSamples: samples,
      requestsPerSecond: Math.round(requests / elapsedSec),
      loopsPerClient: { min: Math.min(...loops), max: Math.max(...loops) },
      operations,
      emulatorRssMiB: rssMiB(emu.child.pid),
      servingAfter,
    };
  } finally {
    await stopEmulator(emu);
  }
}

/** The figures as a Markdown table, for RELIABILITY.md. */
export function toMarkdown(f: LoadFigures): string {
  const lines = [
    `${f.clients} clients, ${f.seconds} s: ${f.requests} requests, ${f.failures} failed, ${f.requestsPerSecond} requests/s, ` +
      `loops per client ${f.loopsPerClient.min}-${f.loopsPerClient.max}, emulator RSS ${f.emulatorRssMiB ?? '?'} MiB, serving after: ${f.servingAfter ? 'yes' : 'NO'}`,
    '',
    '| operation | requests | failed | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(f.operations).map(([name, o]) => `| ${name} | ${o.count} | ${o.failures} | ${o.p50Ms} | ${o.p95Ms} | ${o.p99Ms} | ${o.maxMs} |`),
  ];
  return lines.join('\n');
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (require.main === module) {
  void (async () => {
    const figures = await runLoad({ clients: argValue('--clients', 50), seconds: argValue('--seconds', 60), log: (l) => console.error(l) });
    console.log(toMarkdown(figures));
    const jsonIndex = process.argv.indexOf('--json');
    if (jsonIndex >= 0) fs.writeFileSync(process.argv[jsonIndex + 1], JSON.stringify(figures, null, 2));
    if (figures.failures > 0 || !figures.servingAfter) process.exitCode = 1;
  })();
}
