// The vscode-free half of Submit Folder: waiting at the spec's rhythm, fetching streams in
// parallel, the rendered output, the diagnostics read from build/run errors, the scenario list.
import * as assert from 'node:assert/strict';
import { SphereApiError } from '../../../src/api';
import type { ContainersStreamName, ContainersSubmission } from '../../../src/api/types';
import { containersDiagnostics, projectScenarios } from '../../../src/core/containers';
import { collectResult, finishSubmission, SHOWN_STREAMS } from '../../../src/core/containers/submission';
import { describeStage, renderSubmission } from '../../../src/core/containers/submission-render';

function submission(overrides: Partial<ContainersSubmission> = {}): ContainersSubmission {
  return {
    id: 7,
    executing: false,
    date: '2024-05-01 10:00:00 +0000',
    project: { id: 'p1', name: 'Console Python' },
    scenario: 'run',
    result: { status: { code: 15, name: 'ok' }, score: 100, time: 0.25, memory: 2048, signal: 0 },
    streams: {},
    stages: {},
    ...overrides,
  };
}

const ref = { size: 1, uri: 'http://x/stream' };

describe('core/containers-submission', () => {
  describe('finishSubmission', () => {
    it('waits 5 s, polls every 5 s while executing, then fetches the streams the result has', async () => {
      const sleeps: number[] = [];
      const states = [
        submission({ executing: true, result: { status: { code: 1, name: 'preparation' }, score: null, time: null, memory: null, signal: null } }),
        submission({ executing: true, result: { status: { code: 3, name: 'execution' }, score: null, time: null, memory: null, signal: null } }),
        submission({
          streams: { stage_run_output: ref, stage_run_error: null, source: ref },
          stages: { run: { time: 0.2, skipped: false, exit_code: 0, signal: null, status_changed_to: null } },
        }),
      ];
      const fetched: string[] = [];
      const client = {
        getSubmission: async () => states.shift()!,
        getSubmissionStream: async (_id: number, name: ContainersStreamName) => {
          fetched.push(name);
          return Buffer.from(`text of ${name}\n`);
        },
      };
      const seen: string[] = [];
      const done = await finishSubmission(client, 7, { sleep: async (ms) => void sleeps.push(ms), onUpdate: (s) => seen.push(s.result.status.name) });
      assert.deepEqual(sleeps, [5000, 5000, 5000]);
      assert.deepEqual(seen, ['preparation', 'execution', 'ok']);
      // source is never fetched for the output; null streams are not requested.
      assert.deepEqual(fetched, ['stage_run_output']);
      assert.match(done.text, /\[run\] time 0\.2 s · exit code 0 · signal - · skipped no/);
      assert.match(done.text, /text of stage_run_output/);
      assert.match(done.text, /Result: ok \(15\)\n {2}score: 100\n {2}time: 0\.25 s\n {2}memory: 2048 KB/);
    });

    it('keeps waiting through network failures, with a growing pause', async () => {
      const sleeps: number[] = [];
      let calls = 0;
      const client = {
        getSubmission: async () => {
          calls++;
          if (calls <= 2) throw new SphereApiError({ module: 'containers', kind: 'network', explanation: 'offline', action: 'checkNetwork' } as never);
          return submission();
        },
        getSubmissionStream: async () => Buffer.from(''),
      };
      const transient: number[] = [];
      const done = await finishSubmission(client, 7, { sleep: async (ms) => void sleeps.push(ms), onTransientError: (_e, next) => transient.push(next) });
      assert.equal(done.submission.result.status.code, 15);
      assert.deepEqual(transient, [10000, 20000]);
      assert.deepEqual(sleeps, [5000, 10000, 20000]);
    });

    it('stops waiting when cancelled, without another fetch', async () => {
      const controller = new AbortController();
      let fetches = 0;
      const client = {
        getSubmission: async () => {
          fetches++;
          controller.abort();
          return submission({ executing: true });
        },
        getSubmissionStream: async () => Buffer.from(''),
      };
      await assert.rejects(finishSubmission(client, 7, { signal: controller.signal, sleep: async () => undefined }), { name: 'AbortError' });
      assert.equal(fetches, 1);
    });
  });

  describe('collectResult', () => {
    it('fetches every stream at once and parses the tests report', async () => {
      let inFlight = 0;
      let maxInFlight = 0;
      const streams = Object.fromEntries(SHOWN_STREAMS.map((n) => [n, ref]));
      const report = JSON.stringify([
        { name: 'test_add', status: 'ok', time: 0.01, classname: 'tests.AddTest' },
        { name: 'test_sub', status: 'failure', time: 0.02, classname: 'tests.AddTest', failure: '3 != 5' },
      ]);
      const client = {
        getSubmissionStream: async (_id: number, name: ContainersStreamName) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
          if (name === 'stage_post_error') throw new Error('stream not found');
          return Buffer.from(name === 'tests_report' ? report : `${name}!`);
        },
      };
      const done = await collectResult(client, submission({ result: { status: { code: 14, name: 'fail' }, score: 50, time: 1, memory: 10, signal: 0 }, streams }));
      assert.equal(maxInFlight, SHOWN_STREAMS.length);
      assert.equal(done.testsReport?.summary.failed, 1);
      assert.match(done.text, /STATUS +TEST +CLASS +TIME/);
      assert.match(done.text, /FAIL +test_sub +tests\.AddTest/);
      assert.match(done.text, /3 != 5/);
      assert.equal(done.streamErrors.stage_post_error, 'stream not found');
    });
  });

  describe('renderSubmission', () => {
    const stage = (over = {}) => ({ time: 0.5, skipped: false, exit_code: 0, signal: null, status_changed_to: null, ...over });

    it('shows the stages in order with their streams, then the result', () => {
      const text = renderSubmission({
        submission: submission({
          result: { status: { code: 11, name: 'build error' }, score: 0, time: 0, memory: 0, signal: 0 },
          stages: {
            run: stage({ skipped: true, time: 0 }),
            build: stage({ exit_code: 1, status_changed_to: { code: 11, name: 'build error', desc: 'compilation failed' } }),
            init: stage(),
          },
        }),
        streams: { stage_build_error: 'main.cpp:6:19: error: expected ;\n', stage_init_output: 'ready\n' },
        folder: '/home/me/proj',
      });
      const order = ['[init]', '[build]', '[run]', 'Result: build error (11)'].map((s) => text.indexOf(s));
      assert.ok(
        order.every((pos, i) => pos >= 0 && (i === 0 || pos > order[i - 1])),
        text,
      );
      assert.match(text, /\[build\] time 0\.5 s · exit code 1 · signal - · skipped no\n {2}status changed to build error \(11\): compilation failed/);
      assert.match(text, /\[run\] .*skipped yes/);
      assert.match(text, /error:\n-+\nmain\.cpp:6:19: error: expected ;\n-+/);
      assert.match(text, /Folder: \/home\/me\/proj/);
    });

    it('shows the debug log on a project error and the advice to resubmit on an internal error', () => {
      const project = renderSubmission({
        submission: submission({ result: { status: { code: 22, name: 'project error' }, score: 0, time: 0, memory: 0, signal: 0 } }),
        streams: { debug_log: 'bad timeout\n' },
      });
      assert.match(project, /Project error: .*not your code.*\nbad timeout/);
      const internal = renderSubmission({
        submission: submission({ result: { status: { code: 20, name: 'internal error' }, score: 0, time: 0, memory: 0, signal: 0 } }),
        streams: {},
      });
      assert.match(internal, /Internal error: .*Submit again\./);
    });

    it('prints a stage signal when there is one', () => {
      assert.equal(describeStage({ time: 5, skipped: false, exit_code: 137, signal: 9, status_changed_to: null }), 'time 5 s · exit code 137 · signal 9 · skipped no');
    });
  });

  describe('containersDiagnostics', () => {
    const folder = { root: '/local/proj', files: ['main.py', 'lib/compute.py', 'main.cpp', 'src/App.java', 'index.js'] };

    it('maps a Python traceback under /home/user/workspace onto the local files', () => {
      const traceback = [
        'Traceback (most recent call last):',
        '  File "/home/user/workspace/main.py", line 4, in <module>',
        '    print(average([]))',
        '  File "/home/user/workspace/lib/compute.py", line 2, in average',
        '    return sum(values) / len(values)',
        'ZeroDivisionError: division by zero',
      ].join('\n');
      const found = containersDiagnostics({ stage_run_error: traceback }, folder);
      assert.equal(found.length, 1);
      assert.equal(found[0].file, '/local/proj/lib/compute.py');
      assert.equal(found[0].line, 2);
      assert.match(found[0].message, /ZeroDivisionError/);
    });

    it('reads gcc errors of the build stage and drops files that are not local', () => {
      const gcc = [
        "/home/user/workspace/main.cpp: In function 'int main()':",
        "/home/user/workspace/main.cpp:6:19: error: expected ';' before '}' token",
        '/usr/include/c++/12/iostream:3:1: error: not ours',
      ].join('\n');
      const found = containersDiagnostics({ stage_build_error: gcc }, folder);
      assert.deepEqual(
        found.map((d) => [d.file, d.line, d.column]),
        [['/local/proj/main.cpp', 6, 19]],
      );
    });

    it('reads javac and Node messages too', () => {
      const javac = '/home/user/workspace/src/App.java:3: error: cannot find symbol\n        foo();\n        ^\n  symbol:   method foo()\n1 error\n';
      const node = '/home/user/workspace/index.js:2\n  throw new Error("boom");\n  ^\n\nError: boom\n    at Object.<anonymous> (/home/user/workspace/index.js:2:9)\n';
      const found = containersDiagnostics({ stage_build_error: javac, stage_run_error: node }, folder);
      assert.ok(
        found.some((d) => d.file === '/local/proj/src/App.java' && d.line === 3),
        JSON.stringify(found),
      );
      assert.ok(
        found.some((d) => d.file === '/local/proj/index.js' && d.line === 2),
        JSON.stringify(found),
      );
    });
  });

  describe('projectScenarios', () => {
    it('lists scenarios with the default first', () => {
      const config = JSON.stringify({ scenarios: { test: { stages: { test: {} } }, run: { default: true, stages: { build: {}, run: {} } } } });
      assert.deepEqual(projectScenarios(config), [
        { name: 'run', isDefault: true, stages: ['build', 'run'] },
        { name: 'test', isDefault: false, stages: ['test'] },
      ]);
    });

    it('gives nothing for a config that is not JSON or lists no scenarios', () => {
      assert.deepEqual(projectScenarios('{oops'), []);
      assert.deepEqual(projectScenarios('{"version": 2}'), []);
      assert.deepEqual(projectScenarios(''), []);
    });
  });
});
