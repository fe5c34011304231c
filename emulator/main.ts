// `npm run emulator`: the local Sphere Engine. Flags override environment variables, which override
// the defaults printed at start. The access token, unless given, is the data directory's own random
// one (emulator/access-token.ts); so is the read-only token beside it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { dataDirToken, READ_ONLY_TOKEN_FILE, TOKEN_FILE } from './access-token';
import { formatReadyLine } from '../contract/local-emulator';
import { makePrivateDir } from './data-dir';
import { detectSandbox } from './runner';
import { machineReport } from './machine-report';
import { defaultOptions, startEmulator } from './server';
import type { EmulatorOptions, SandboxMode } from './context';
import type { FaultRule } from './http/faults';

const USAGE = `Usage: npm run emulator -- [options]
  --port N                 port on 127.0.0.1 (env SPHERE_EMULATOR_PORT, default 8400; 0 = any free port)
  --data DIR               state directory (env SPHERE_EMULATOR_DATA, default .emulator-data)
  --token T                accepted access token, repeatable (env SPHERE_EMULATOR_TOKEN; default: a random
                           token made once and kept in DIR/${TOKEN_FILE}, readable only by you)
  --read-only-token T      accepted token that may read and submit but not change content (403),
                           repeatable (env SPHERE_EMULATOR_READ_ONLY_TOKEN; default: one kept the same
                           way in DIR/${READ_ONLY_TOKEN_FILE})
  --poll-min-ms N          refuse fetching one submission more often than every N ms (0 = off, default 0)
  --clock-speed X          emulated seconds per real second for workspace timers (default 1)
  --workspace-start-ms N   time a workspace stays in "starting" (default 2000)
  --slots N                workspace slots of the account (default 4)
  --workers N              submissions run at once, all modules together (default: cores + 1, here ${os.availableParallelism() + 1})
  --work-on-disk           runs' work folders in DIR, not in memory (/dev/shm): for a machine short of
                           memory (each running program may write up to 256 MB there)
  --sandbox auto|bwrap|none  run programs inside bubblewrap (auto: when it works here). As root, auto
                           refuses to start without it; \`none\` runs submitted code unsandboxed, as
                           you (root: as root), with your files and network: only for code you trust
  --queue-cap N            submissions one token may have queued or running; more is 429 (default 1000)
  --unpack-max-mb N        most MiB a request's tar.gz may unpack to (default 256)
  --unpack-max-entries N   most entries a request's tar.gz may hold (default 20000)
  --test-hooks             serve the /__emulator/* test controls, for the start token only (tests only)
  --faults FILE            JSON array of fault rules (tests only)
  --verbose                print every request
  --fresh                  delete the data directory first
  --exit-with-stdin        stop when stdin closes (the extension starts it so: it ends with the window)`;

/** A whole number of at least 1, or an error that names the option. */
function positive(option: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${option} needs a whole number of at least 1 (got ${raw})`);
  return n;
}

function parseArgs(argv: string[]): { options: EmulatorOptions; fresh: boolean; exitWithStdin: boolean } {
  const env = process.env;
  const options = defaultOptions({
    port: Number(env.SPHERE_EMULATOR_PORT ?? 8400),
    dataDir: env.SPHERE_EMULATOR_DATA ?? '.emulator-data',
    tokens: env.SPHERE_EMULATOR_TOKEN ? env.SPHERE_EMULATOR_TOKEN.split(',').filter(Boolean) : [],
    readOnlyTokens: env.SPHERE_EMULATOR_READ_ONLY_TOKEN ? env.SPHERE_EMULATOR_READ_ONLY_TOKEN.split(',').filter(Boolean) : [],
  });
  let fresh = false;
  let exitWithStdin = false;
  const tokens: string[] = [];
  const readOnlyTokens: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--port':
        options.port = Number(value());
        break;
      case '--data':
        options.dataDir = value();
        break;
      case '--token':
        tokens.push(value());
        break;
      case '--read-only-token':
        readOnlyTokens.push(value());
        break;
      case '--poll-min-ms':
        options.pollMinIntervalMs = Number(value());
        break;
      case '--clock-speed':
        options.clockSpeed = Number(value());
        break;
      case '--workspace-start-ms':
        options.workspaceStartMs = Number(value());
        break;
      case '--slots':
        options.slots = Number(value());
        break;
      case '--workers':
        options.workers = Number(value());
        break;
      case '--sandbox':
        options.sandbox = value() as SandboxMode;
        break;
      case '--work-on-disk':
        options.workOnDisk = true;
        break;
      case '--queue-cap':
        options.queueCapPerToken = positive(arg, value());
        break;
      case '--unpack-max-mb':
        options.unpackMaxBytes = positive(arg, value()) * 1024 * 1024;
        break;
      case '--unpack-max-entries':
        options.unpackMaxEntries = positive(arg, value());
        break;
      case '--faults':
        options.faults = JSON.parse(fs.readFileSync(value(), 'utf8')) as FaultRule[];
        break;
      case '--verbose':
        options.verbose = true;
        break;
      case '--test-hooks':
        options.testHooks = true;
        break;
      case '--fresh':
        fresh = true;
        break;
      case '--exit-with-stdin':
        exitWithStdin = true;
        break;
      case '-h':
      case '--help':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}\n${USAGE}`);
    }
  }
  if (tokens.length) options.tokens = tokens;
  if (readOnlyTokens.length) options.readOnlyTokens = readOnlyTokens;
  options.dataDir = path.resolve(options.dataDir);
  return { options, fresh, exitWithStdin };
}

/**
 * Root without a working bubblewrap would run every submission as root, with the whole machine
 * open to it: refused unless the user asked for no sandbox in so many words (--sandbox none).
 */
function refuseRootWithoutSandbox(mode: SandboxMode): void {
  if (mode === 'none' || typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const sandbox = detectSandbox(mode);
  if (sandbox.kind === 'bwrap') return;
  throw new Error(
    `Refusing to start: running as root, and submitted programs cannot be sandboxed (${sandbox.description}).\n` +
      'They would run as root with the whole machine open to them. Install bubblewrap (bwrap) and make sure it works here ' +
      '(`bwrap --ro-bind / / true`), run the emulator as an ordinary user, or pass `--sandbox none` to run code you trust unsandboxed as root.',
  );
}

async function main() {
  const { options, fresh, exitWithStdin } = parseArgs(process.argv.slice(2));
  if (fresh) fs.rmSync(options.dataDir, { recursive: true, force: true });
  refuseRootWithoutSandbox(options.sandbox);
  makePrivateDir(options.dataDir);
  const own = options.tokens.length === 0 ? dataDirToken(options.dataDir) : undefined;
  if (own) options.tokens = [own.token];
  const ownReadOnly = options.readOnlyTokens.length === 0 ? dataDirToken(options.dataDir, READ_ONLY_TOKEN_FILE) : undefined;
  if (ownReadOnly) options.readOnlyTokens = [ownReadOnly.token];
  const emulator = await startEmulator(options);
  const sandbox = emulator.ctx.sandbox;
  const unsandboxed =
    sandbox?.kind !== 'bwrap' ? `programs run UNSANDBOXED, as ${os.userInfo().username}, with your files and network (${sandbox?.description ?? 'no sandbox'})` : undefined;
  console.log(`Sphere Engine emulator listening on ${emulator.origin} (loopback only)`);
  console.log(`  Containers: ${emulator.endpoints.containers}   (API at /api/v1)`);
  console.log(`  Compilers:  ${emulator.endpoints.compilers}   (API at /api/v4)`);
  console.log(`  Problems:   ${emulator.endpoints.problems}   (API at /api/v4)`);
  console.log(`  Token:      ${options.tokens.join(', ')}`);
  if (own) console.log(`  Token file: ${own.file}${own.created ? '   (new: made for this data directory)' : ''}`);
  console.log(`  Read-only token: ${options.readOnlyTokens.join(', ')}   (may read and submit; changes are refused with 403)`);
  if (ownReadOnly) console.log(`  Read-only token file: ${ownReadOnly.file}`);
  console.log(`  Data:       ${options.dataDir}`);
  console.log(`  Sandbox:    ${sandbox?.description ?? options.sandbox}`);
  if (unsandboxed) {
    console.log(`  WARNING:    ${unsandboxed}. Install bubblewrap (bwrap) to isolate them.`);
    console.error(
      `\n*** WARNING: NO SANDBOX. Submitted programs run as ${os.userInfo().username} and can read, change and send your files.\n*** Run only code you trust here, or install bubblewrap (bwrap). See SECURITY.md.\n`,
    );
  }
  const machine = machineReport();
  console.log(`  Languages:  ${machine.languages.join(', ') || 'none found'}`);
  if (machine.missingLanguages.length) {
    console.log(`  Not found:  ${machine.missingLanguages.join(', ')}`);
    console.log(`              to add one, ${machine.addLanguage}`);
  }
  if (machine.limitsNote) console.log(`  NOTE:       ${machine.limitsNote}.`);
  if (options.testHooks) console.log('  Test hooks: on (/__emulator/*, for the start token)');
  console.log(`  Polling protection: ${options.pollMinIntervalMs > 0 ? `on (${options.pollMinIntervalMs} ms)` : 'off'}`);
  // Machine-readable line for scripts that start the emulator.
  const ready = {
    origin: emulator.origin,
    endpoints: emulator.endpoints,
    token: options.tokens[0],
    readOnlyToken: options.readOnlyTokens[0],
    sandboxed: !unsandboxed,
    ...(unsandboxed ? { warning: unsandboxed } : {}),
    ...machine,
  };
  console.log(formatReadyLine(ready));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await emulator.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by the extension, whose window holds the other end: a window that closes, or an
  // extension host that is killed, closes the pipe, and the emulator must not outlive it.
  if (exitWithStdin) {
    process.stdin.on('end', stop).on('close', stop).on('error', stop);
    process.stdin.resume();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
