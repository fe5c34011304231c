// Check Problem Folder in the real VS Code on imported Kattis packages of issue 38's last rules: an
// output-only problem (each answer sent as a program printing it, judged like any solution), and
// use_for_time_limit lower / upper bounds (a violated one is that solution's failure, its times
// in the message). The packages are test/fixtures/kattis/magic and bounds.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useScratch } from '../scratch';
import { activateExtension, importPushCheckKattis, workspaceFolder } from './helpers';

interface Runs {
  problems: { runs(): Array<{ name: string; ended: boolean; results: Array<{ label: string; outcome: string; message?: string }> }> };
}

const pkg = (name: string) => path.resolve(workspaceFolder().uri.fsPath, '..', 'kattis', name);

describe('Kattis check (host): output-only answers, time limit bounds', function () {
  // Compiles and runs the submissions on a busy 2-core machine.
  this.timeout(240_000);
  const scratch = useScratch();

  /** Import `from` into a scratch folder named `name`, push it, and run Check Problem Folder as a person does. */
  const importPushCheck = (from: string, name: string, submit: string) => importPushCheckKattis(from, path.join(scratch(`host-kattis-${name}-`), name), submit);

  it('an output-only package: every answer is judged (a right one accepted, a wrong one and one with a NUL byte wrong answer)', async () => {
    const api = await activateExtension<Runs>();
    const { infos, asked } = await importPushCheck(pkg('magic'), 'magic', 'Submit 4');
    assert.deepEqual(
      asked.map((a) => a.buttons),
      [['Submit 4']],
    );
    assert.equal(infos.at(-1), 'All 4 solutions got their expected verdict.');
    const run = api.problems.runs().at(-1)!;
    assert.equal(run.ended, true);
    assert.deepEqual(run.results.map((r) => [r.label, r.outcome]).sort(), [
      ['columns.txt', 'passed'],
      ['grid', 'passed'],
      ['nul.bin', 'passed'],
      ['square.txt', 'passed'],
    ]);
  });

  it('use_for_time_limit: the bounds that hold are said with the times; a violated one fails its solution, saying the times', async () => {
    const api = await activateExtension<Runs>();
    const held = await importPushCheck(pkg('bounds'), 'bounds', 'Submit 3');
    assert.match(held.infos.find((n) => n.startsWith('Kattis package: ')) ?? '', /Bound holds: solutions\/accepted\/steady\.py \(use_for_time_limit: lower\) took [\d.]+ s/);
    assert.match(
      held.infos.find((n) => n.startsWith('Kattis package: ')) ?? '',
      /Bound holds: solutions\/time_limit_exceeded\/crawl\.py \(use_for_time_limit: upper\) took [\d.]+ s, more than the time limit 1 s × 1\.5 = 1\.5 s\./,
    );
    assert.equal(held.infos.at(-1), 'All 3 solutions got their expected verdict.');

    // crawl.py now finishes in 1.2 s: it times out at 1 s, but not at 1 s × 1.5.
    const from = path.join(scratch('host-kattis-bounds-pkg-'), 'bounds');
    fs.cpSync(pkg('bounds'), from, { recursive: true });
    fs.writeFileSync(
      path.join(from, 'submissions/time_limit_exceeded/crawl.py'),
      'import time\nstart = time.process_time()\nwhile time.process_time() - start < 1.2:\n    pass\nprint(2 * int(input()))\n',
    );
    const broken = await importPushCheck(from, 'bounds', 'Submit 3');
    const run = api.problems.runs().at(-1)!;
    const crawl = run.results.find((r) => r.label === 'crawl.py');
    assert.equal(crawl?.outcome, 'failed');
    assert.match(
      crawl?.message ?? '',
      /use_for_time_limit: upper \(submissions\.yaml "time_limit_exceeded\/crawl\.py"\): it took 1\.[\d.]+ s on a test, not more than the time limit 1 s × 1\.5 \(time_limit_to_tle\) = 1\.5 s/,
    );
    assert.match(broken.errors[0] ?? '', /^1 of 3 solutions did not get their expected verdict: solutions\/time_limit_exceeded\/crawl\.py: use_for_time_limit: upper/);
  });
});
