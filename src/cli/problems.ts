// `sphere-problems <verb>` (package.json `bin`: dist/problems-cli.js, built by esbuild.js; in this
// repository `npm run problems -- <verb>`): the problem folder commands for a terminal or a problem
// repository's CI, over the same core as the extension (src/core/problem-folder).
//
//   pull <problem-id> <folder>                  write the problem as a folder
//   pull <id or code>... --into <parent>        several problems, one folder each (<parent>/<code>)
//   pull --all --into <parent>                  every problem of the account (GET /problems, paged)
//   push <folder> [--dry-run] [--allow-delete]  show the plan, then send it (--dry-run: only show it)
//   check <folder>                              judge every solutions/<verdict>/ file, compare verdicts
//                                               (an imported Kattis package first gets its time limit)
//   import-kattis <package> <folder>            a Kattis problem package as a new problem folder
//   export-kattis <folder> <package>            a problem folder as a Kattis problem package
//
// The endpoint comes only from --endpoint or SPHERE_ENGINE_PROBLEMS_ENDPOINT, never from the folder:
// in a problem repository's CI the folder is whatever a pull request made it, and a problem.json
// whose link names another server would otherwise receive the CI's token. A folder linked to
// another endpoint is refused, naming both; --trust-folder-endpoint (for folders you wrote) sends
// the token to the folder's endpoint instead. The token comes only from SPHERE_ENGINE_PROBLEMS_TOKEN:
// a flag would land in shell history and in CI logs. Exit codes (EXIT, printed in the usage):
//   0  everything asked succeeded (check: every solution got its expected verdict, or was skipped
//      for a language the endpoint does not offer);
//   1  an error, or something failed or was left out (a deletion without --allow-delete);
//   2  import-kattis / export-kattis only: done, but something that matters was left out (named, with
//      the reason). Files the format does not define or no judge reads (a README, .gitkeep, statement
//      samples, *.disabled, submissions problemtools does not judge) are listed as "ignored" and keep 0;
//   64 a usage error (bad arguments, no token or endpoint): nothing was done. Its own code (sysexits'
//      EX_USAGE) so that a script never takes a mistyped command for "imported, parts skipped".
import { ProblemsClient, SphereApiError } from '../api';
import { exportKattis, importKattis, kattisCodeIfFree, measureKattisLimits } from '../core/kattis';
import {
  applyPlan,
  checkProblemFolder,
  describeCheck,
  describePlan,
  describePulled,
  describeRefusalState,
  describeResult,
  planPush,
  ProblemFolderError,
  pullProblem,
  pullProblems,
  pushSucceeded,
  readProblemFolder,
  resolvePullTargets,
  sameEndpoint,
  writeRefusal,
  type ProblemFolder,
  type PullOutcome,
  type PushPlan,
  type PushResult,
} from '../core/problem-folder';

/** The exit codes, for scripts (see the usage). */
export const EXIT = { ok: 0, error: 1, skipped: 2, usage: 64 } as const;

export const USAGE = `Usage:
  sphere-problems pull <problem-id> <folder> [--endpoint <customer id or URL>]
  sphere-problems pull <problem id or code>... --into <parent folder> [--endpoint <customer id or URL>]
  sphere-problems pull --all --into <parent folder> [--endpoint <customer id or URL>]
  sphere-problems push <folder> [--dry-run] [--allow-delete] [--endpoint <customer id or URL> | --trust-folder-endpoint]
  sphere-problems check <folder> [--endpoint <customer id or URL> | --trust-folder-endpoint]
  sphere-problems import-kattis <package> <folder>
  sphere-problems export-kattis <folder> <package>
  sphere-problems --help
In this repository, run it as \`npm run problems -- <command> ...\` or \`node dist/problems-cli.js <command> ...\`.
Environment: SPHERE_ENGINE_PROBLEMS_TOKEN (required), SPHERE_ENGINE_PROBLEMS_ENDPOINT.
Exit codes: 0 everything asked succeeded; 1 an error, or something failed or was left out;
2 import-kattis / export-kattis done but something that matters left out (listed with the reason;
harmless files are listed as ignored and keep 0); 64 a usage error (nothing was done).`;

/** Asked for the usage: `help`, or `--help` / `-h` anywhere (also after a command). */
const HELP_FLAGS = ['--help', '-h'];

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

class UsageError extends Error {}

interface Parsed {
  verb: string;
  positional: string[];
  flags: Map<string, string | true>;
}

function parse(argv: string[]): Parsed {
  const [verb = '', ...rest] = argv;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (name === 'token' || name === 'access-token') throw new UsageError('The token is never a flag (it would stay in your shell history): set SPHERE_ENGINE_PROBLEMS_TOKEN.');
    if (name === 'endpoint' || name === 'into') flags.set(name, inline ?? rest[++i] ?? '');
    else if (name === 'dry-run' || name === 'allow-delete' || name === 'all' || name === 'trust-folder-endpoint') flags.set(name, true);
    else throw new UsageError(`Unknown option --${name}.`);
  }
  return { verb, positional, flags };
}

/** Why a push stopped and what to do: a 403 is a token without write access, said as such. */
function pushStopped(result: PushResult, plan: PushPlan): string[] {
  const refusal = writeRefusal(result, plan);
  if (!refusal) return ['The push stopped. Fix the cause and run it again: what was applied is not sent twice.'];
  const may = plan.problemId === undefined ? 'may read problems but not create them' : `may read problem ${plan.problemId} but not change it`;
  return [
    `The token in SPHERE_ENGINE_PROBLEMS_TOKEN ${may}: the service refused "${refusal.refused}" (HTTP 403, access denied). ${describeRefusalState(refusal)}`,
    'Set SPHERE_ENGINE_PROBLEMS_TOKEN to a token with write access (API tokens are made in the client panel of your Sphere Engine account) and push again: what was applied is not sent twice.',
  ];
}

function message(err: unknown): string {
  if (err instanceof SphereApiError) return `${err.explanation}${err.status ? ` (HTTP ${err.status})` : ''}${err.serverMessage ? `: ${err.serverMessage}` : ''}`;
  return err instanceof Error ? err.message : String(err);
}

export async function runProblemsCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'help' || argv.some((a) => HELP_FLAGS.includes(a))) {
    io.out(USAGE);
    return 0;
  }
  let client: ProblemsClient | undefined;
  try {
    const { verb, positional, flags } = parse(argv);
    const token = io.env.SPHERE_ENGINE_PROBLEMS_TOKEN;
    const endpointOf = () => {
      const e = (flags.get('endpoint') as string | undefined) || io.env.SPHERE_ENGINE_PROBLEMS_ENDPOINT;
      if (!e) throw new UsageError('No endpoint: pass --endpoint or set SPHERE_ENGINE_PROBLEMS_ENDPOINT.');
      return e;
    };
    /** push and check: the token goes only where the person said, never where a folder says. */
    const folderEndpoint = (folder: ProblemFolder) => {
      const linked = folder.json.link?.endpoint;
      if (flags.has('trust-folder-endpoint')) {
        if (flags.has('endpoint')) throw new UsageError('Pass either --endpoint or --trust-folder-endpoint, not both.');
        if (linked) return linked;
        return endpointOf();
      }
      const given = (flags.get('endpoint') as string | undefined) || io.env.SPHERE_ENGINE_PROBLEMS_ENDPOINT;
      if (!given) {
        throw new UsageError(
          `No endpoint: pass --endpoint or set SPHERE_ENGINE_PROBLEMS_ENDPOINT.${linked ? ` The folder's problem.json names ${linked}, but the token is never sent to an endpoint a folder names unless you pass --trust-folder-endpoint.` : ''}`,
        );
      }
      if (linked && !sameEndpoint(linked, given)) {
        throw new ProblemFolderError([
          `The folder's problem.json is linked to ${linked}, but the endpoint given is ${given}: refused, nothing was sent to either. The token in SPHERE_ENGINE_PROBLEMS_TOKEN goes only to the endpoint you give, never to one a folder names (a pull request could change it). Use the endpoint the folder is linked to, remove "link" from problem.json to create the problem anew, or pass --trust-folder-endpoint if you trust this folder.`,
        ]);
      }
      return given;
    };
    const connect = (endpoint: string) => {
      if (!token) throw new UsageError('No token: set SPHERE_ENGINE_PROBLEMS_TOKEN.');
      return (client = new ProblemsClient({ endpoint, token }));
    };
    if (verb === 'pull' && (flags.has('into') || flags.has('all'))) {
      const parent = flags.get('into');
      if (typeof parent !== 'string' || !parent) throw new UsageError('pull --into needs a parent folder.');
      if (!positional.length && !flags.has('all')) throw new UsageError('pull --into needs problem ids or codes, or --all.');
      const endpoint = endpointOf();
      const { targets, unknown } = await resolvePullTargets(connect(endpoint), positional, { all: flags.has('all') });
      for (const u of unknown) io.err(`FAILED: ${u}`);
      const pulled = await pullProblems(client!, targets, { endpoint, parent, onProgress: (done, total, last) => io.err(`  ${done}/${total} ${describePulled(last)}`) });
      for (const p of pulled) for (const note of p.notes ?? []) io.err(`note: ${p.code ?? p.problemId}: ${note}`);
      const count = (o: PullOutcome) => pulled.filter((p) => p.outcome === o).length;
      io.out(
        `Pulled ${count('done')} of ${pulled.length + unknown.length} problems into ${parent}${count('skipped') ? `; skipped ${count('skipped')}` : ''}${count('failed') + unknown.length ? `; failed ${count('failed') + unknown.length}` : ''}.`,
      );
      for (const p of pulled.filter((x) => x.outcome !== 'done')) io.out(`  ${describePulled(p)}`);
      return unknown.length || pulled.some((p) => p.outcome !== 'done') ? 1 : 0;
    }
    if (verb === 'pull') {
      const [id, dir] = positional;
      if (!/^\d+$/.test(id ?? '') || !dir) throw new UsageError('pull needs a problem id and a folder.');
      if (positional.length > 2) throw new UsageError('pull takes one problem and its folder; for several, name a parent folder with --into.');
      const endpoint = endpointOf();
      const pulled = await pullProblem(connect(endpoint), { endpoint, problemId: Number(id), dir });
      for (const note of pulled.notes) io.err(`note: ${note}`);
      io.out(`Pulled problem ${id} into ${dir}: ${pulled.tests} test cases${pulled.judges.length ? `, judges ${pulled.judges.join(', ')}` : ''}.`);
      return 0;
    }
    if (verb === 'push') {
      const [dir] = positional;
      if (!dir || positional.length > 1) throw new UsageError('push needs one folder.');
      const folder = readProblemFolder(dir);
      const endpoint = folderEndpoint(folder);
      const plan = await planPush(connect(endpoint), folder, endpoint);
      const lines = describePlan(plan);
      if (!lines.length) {
        io.out('Nothing to push: the folder and the service agree.');
        return 0;
      }
      io.out(`Plan (${lines.length} ${lines.length === 1 ? 'change' : 'changes'}):`);
      for (const l of lines) io.out(`  ${l}`);
      if (flags.has('dry-run')) return 0;
      const result = await applyPlan(client!, plan, {
        allowDeletes: flags.has('allow-delete'),
        codeIfFree: kattisCodeIfFree(folder.dir),
        onProgress: (done, total) => io.err(`  ${done}/${total}`),
      });
      for (const l of describeResult(result, plan)) io.out(l);
      if (result.skipped.length) io.err('Test case deletions were not sent: pass --allow-delete to delete them.');
      if (result.failed) for (const l of pushStopped(result, plan)) io.err(l);
      return pushSucceeded(result) ? 0 : 1;
    }
    if (verb === 'check') {
      const [dir] = positional;
      if (!dir || positional.length > 1) throw new UsageError('check needs one folder.');
      const endpoint = folderEndpoint(readProblemFolder(dir));
      // A Kattis package's time limit comes from its accepted solutions, measured here first; their
      // verdicts from that run stand (each ran within the limit derived from it).
      const measured = await measureKattisLimits(connect(endpoint), dir, { endpoint });
      for (const l of measured.lines) io.out(l);
      for (const c of measured.judged.filter((x) => !x.skipped)) io.out(describeCheck(c));
      const checks = await checkProblemFolder(client!, readProblemFolder(dir), {
        endpoint,
        judged: measured.judged,
        expectationFor: measured.expectationFor,
        prepare: measured.prepare,
        onJudged: (c) => io.out(describeCheck(c)),
      });
      for (const c of checks.filter((x) => x.error || x.skipped)) io.out(describeCheck(c));
      const failed = checks.filter((c) => !c.ok && !c.skipped).length;
      const skipped = checks.filter((c) => c.skipped).length;
      const judged = checks.length - skipped;
      const noCompiler = checks.filter((c) => c.skipped).every((c) => /offers no compiler/.test(c.skipped!));
      const skippedNote = skipped ? ` ${skipped} skipped (${noCompiler ? 'no compiler for their language on this endpoint' : 'each with its reason above'}).` : '';
      io.out(`${failed ? `${failed} of ${judged} solutions did not get their expected verdict.` : `All ${judged} solutions got their expected verdict.`}${skippedNote}`);
      return failed ? 1 : 0;
    }
    if (verb === 'import-kattis' || verb === 'export-kattis') {
      const [from, to] = positional;
      if (!from || !to || positional.length > 2) throw new UsageError(`${verb} needs a source and a target folder.`);
      const left = verb === 'import-kattis' ? importKattis(from, to) : exportKattis(from, to);
      const [tests, extra] = 'solutions' in left ? [left.tests, `${left.solutions} solutions`] : [left.tests, `${left.submissions} submissions`];
      if ('notes' in left) for (const n of left.notes) io.out(`note: ${n}`);
      const missing = 'notImported' in left ? left.notImported : left.notExported;
      const ignored = 'ignored' in left ? left.ignored : [];
      for (const m of ignored) io.out(`ignored: ${m}`);
      for (const m of missing) io.err(`not ${verb === 'import-kattis' ? 'imported' : 'exported'}: ${m}`);
      const summary = `${verb === 'import-kattis' ? 'Imported' : 'Exported'} ${tests} tests and ${extra} into ${to}.`;
      const ignoredNote = ignored.length ? ` ${ignored.length} harmless ${ignored.length === 1 ? 'file was' : 'files were'} ignored (listed above).` : '';
      io.out(
        missing.length
          ? `${summary} ${missing.length} ${missing.length === 1 ? 'part that matters was' : 'parts that matter were'} left out (listed above with the reason).${ignoredNote}`
          : `${summary}${ignoredNote}`,
      );
      return missing.length ? EXIT.skipped : EXIT.ok;
    }
    throw new UsageError(verb ? `Unknown command "${verb}".` : 'No command given.');
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(err.message);
      io.err(USAGE);
      return EXIT.usage;
    }
    if (err instanceof ProblemFolderError)
      io.err(argv[0] === 'push' ? `Nothing was pushed. ${err.message}` : argv[0] === 'check' ? `Nothing was checked. ${err.message}` : err.message);
    else io.err(`Error: ${message(err)}`);
    return 1;
  } finally {
    await client?.close();
  }
}

if (require.main === module) {
  void runProblemsCli(process.argv.slice(2), {
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
    env: process.env,
  }).then((code) => {
    process.exitCode = code;
  });
}
