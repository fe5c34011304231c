// Problem folders and Problems servers treated as hostile (issue 26, items 13-15), over real HTTP:
// a server whose test number is "../../../x" writes nothing outside the folder; a folder whose judge
// is "judges/../../secret", or whose judge, test or solution is a link, is refused before anything
// is sent; the CLI sends its token only to the endpoint it was given, never to the one a folder names.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemsClient } from '../../../src/api';
import { runProblemsCli } from '../../../src/cli/problems';
import { ProblemFolderError, pullProblem, readProblemFolder } from '../../../src/core/problem-folder';
import { useScratch, writeTree } from '../../scratch';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../api/recording-server';

const TOKEN = 'ci-token-0123456789';

/** A Problems service for one problem (id 7) whose test case list is `tests`. */
function problemsServer(tests: unknown[]) {
  return (req: RecordedRequest) => {
    const p = req.path.replace(/^\/api\/v4/, '');
    if (p === '/problems/7') return { json: { id: 7, code: 'HOST', name: 'Hostile', body: 'x', type: { id: 0 }, interactive: false, masterjudge: { id: 1000 } } };
    if (p === '/problems/7/testcases') return { json: { items: tests } };
    if (p === '/judges/1000' || p === '/judges/1') return { json: { id: Number(p.split('/')[2]), name: 'built in', builtIn: true, type: { id: p.endsWith('1000') ? 1 : 0 } } };
    if (/\/testcases\/.+\/(input|output)$/.test(p)) return { text: 'written by the server\n' };
    return { status: 404, json: { error_code: 404, message: 'no' } };
  };
}

/** Every file under `root`, relative. */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out.sort();
}

const FOLDER = {
  'problem.json': JSON.stringify({
    name: 'F',
    type: 'binary',
    interactive: false,
    masterJudge: 1000,
    statement: 'statement.md',
    judges: { j: { file: 'judges/j.py', compilerId: 116, type: 'testcase' } },
    tests: [{ number: 0, timeLimit: 1, judge: 'j', active: true }],
  }),
  'statement.md': 'Say it.',
  'judges/j.py': 'print(1)\n',
  'tests/0.in': '1\n',
  'tests/0.out': '1\n',
};

describe('problem folders against hostile servers and folders', () => {
  const scratch = useScratch();
  let server: RecordingServer;
  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());

  it('pull refuses a test number that is a path, writing nothing anywhere', async () => {
    server.handler = problemsServer([{ number: '../../../x', timeLimit: 1, judge: { id: 1 }, active: true, input: { size: 1 }, output: { size: 1 } }]);
    const root = scratch('hostile-pull-');
    const dir = path.join(root, 'a', 'b', 'problem');
    const client = new ProblemsClient({ endpoint: server.origin, token: TOKEN });
    try {
      await assert.rejects(pullProblem(client, { endpoint: server.origin, problemId: 7, dir }), (err: Error) => {
        assert.ok(err instanceof ProblemFolderError);
        assert.match(
          err.message,
          /answer for problem 7 was refused: a test case number "\.\.\/\.\.\/\.\.\/x" is not a whole number\. Nothing was written or sent\. Check that the Problems endpoint/,
        );
        return true;
      });
    } finally {
      await client.close();
    }
    assert.deepEqual(filesUnder(root), []);
    assert.ok(!server.requests.some((r) => /testcases\/.+\//.test(r.path)), 'no test file was asked for');
  });

  it('pull writes nothing through a link the folder already holds', async () => {
    server.handler = problemsServer([{ number: 0, timeLimit: 1, judge: { id: 1 }, active: true }]);
    const root = scratch('hostile-pull-link-');
    const elsewhere = path.join(root, 'elsewhere');
    fs.mkdirSync(elsewhere);
    const dir = path.join(root, 'problem');
    fs.mkdirSync(dir);
    fs.symlinkSync(elsewhere, path.join(dir, 'tests'));
    const client = new ProblemsClient({ endpoint: server.origin, token: TOKEN });
    try {
      await assert.rejects(
        pullProblem(client, { endpoint: server.origin, problemId: 7, dir }),
        /The tests folder: tests is a link, refused: it could point anywhere on this machine/,
      );
    } finally {
      await client.close();
    }
    assert.deepEqual(fs.readdirSync(elsewhere), []);
  });

  it("pull into a folder holding tests -> outside and statement.md -> a file of the user's: nothing outside, the file unchanged", async () => {
    server.handler = problemsServer([{ number: 0, timeLimit: 1, judge: { id: 1 }, active: true }]);
    const root = scratch('hostile-pull-links-');
    const elsewhere = path.join(root, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(root, 'users.md'), 'mine\n');
    for (const linked of [['statement.md'], ['tests', 'statement.md']]) {
      const dir = path.join(root, `problem-${linked.length}`);
      fs.mkdirSync(dir);
      if (linked.includes('tests')) fs.symlinkSync(elsewhere, path.join(dir, 'tests'));
      fs.symlinkSync(path.join(root, 'users.md'), path.join(dir, 'statement.md'));
      const client = new ProblemsClient({ endpoint: server.origin, token: TOKEN });
      try {
        await assert.rejects(
          pullProblem(client, { endpoint: server.origin, problemId: 7, dir }),
          linked.length === 1 ? /The statement: statement\.md is a link, refused/ : /The tests folder: tests is a link, refused/,
        );
      } finally {
        await client.close();
      }
      assert.deepEqual(fs.readdirSync(elsewhere), []);
      assert.equal(fs.readFileSync(path.join(root, 'users.md'), 'utf8'), 'mine\n');
    }
  });

  it('refuses a judge that steps out of the folder, and linked judges, tests and solutions, naming each', () => {
    const root = scratch('hostile-folder-');
    fs.writeFileSync(path.join(root, 'secret'), 'the CI secret');
    const dir = writeTree(path.join(root, 'repo', 'problem'), FOLDER);
    const settings = JSON.parse(FOLDER['problem.json']);
    settings.judges.j.file = 'judges/../../secret';
    fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(settings));
    assert.throws(
      () => readProblemFolder(dir),
      /judges\.j: "file" "judges\/\.\.\/\.\.\/secret" is refused: it steps outside the folder.*Name a file inside judges\/ without "\.\."/,
    );

    fs.writeFileSync(path.join(dir, 'problem.json'), FOLDER['problem.json']);
    fs.rmSync(path.join(dir, 'judges/j.py'));
    fs.symlinkSync(path.join(root, 'secret'), path.join(dir, 'judges/j.py'));
    fs.rmSync(path.join(dir, 'tests/0.in'));
    fs.symlinkSync('/etc/hostname', path.join(dir, 'tests/0.in'));
    fs.mkdirSync(path.join(dir, 'solutions/accepted'), { recursive: true });
    fs.symlinkSync(path.join(root, 'secret'), path.join(dir, 'solutions/accepted/sol.py'));
    assert.throws(
      () => readProblemFolder(dir),
      (err: ProblemFolderError) => {
        assert.deepEqual(
          err.problems.map((p) => p.replace(/ refused: .*/, '')),
          ['Test 0: tests/0.in is a link,', 'Judge "j": judges/j.py is a link,', 'Solution: solutions/accepted/sol.py is a link,'],
        );
        assert.match(err.problems[0], /replace the link by the file itself/);
        return true;
      },
    );
  });

  it('the CLI sends nothing for a folder with a traversing judge', async () => {
    server.requests.length = 0;
    const root = scratch('hostile-cli-push-');
    fs.writeFileSync(path.join(root, 'secret'), 'the CI secret');
    const dir = writeTree(path.join(root, 'problem'), FOLDER);
    const settings = JSON.parse(FOLDER['problem.json']);
    settings.judges.j.file = 'judges/../../secret';
    fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(settings));
    const err: string[] = [];
    const code = await runProblemsCli(['push', dir], {
      out: () => undefined,
      err: (l) => err.push(l),
      env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: server.origin },
    });
    assert.equal(code, 1);
    assert.match(err.join('\n'), /^Nothing was pushed\. .*judges\/\.\.\/\.\.\/secret/);
    assert.deepEqual(server.requests, []);
  });

  describe('the CLI token goes only to the endpoint given', () => {
    let attacker: RecordingServer;
    before(async () => {
      attacker = await startRecordingServer(() => ({ json: {} }));
    });
    after(() => attacker.close());

    const linkedFolder = () => {
      const dir = writeTree(scratch('hostile-cli-link-'), { ...FOLDER, 'solutions/accepted/sol.py': 'print(1)\n' });
      const settings = JSON.parse(FOLDER['problem.json']);
      settings.link = { endpoint: attacker.origin, problemId: 7 };
      fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(settings));
      return dir;
    };
    const run = async (argv: string[], env: Record<string, string>) => {
      const lines: string[] = [];
      const code = await runProblemsCli(argv, { out: (l) => lines.push(l), err: (l) => lines.push(l), env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, ...env } });
      return { code, text: lines.join('\n') };
    };

    it("check and push with no endpoint given: usage error naming the folder's endpoint, nothing sent", async () => {
      const dir = linkedFolder();
      for (const verb of ['check', 'push']) {
        const r = await run([verb, dir], {});
        assert.equal(r.code, 64, r.text);
        assert.match(
          r.text,
          new RegExp(
            `No endpoint: pass --endpoint or set SPHERE_ENGINE_PROBLEMS_ENDPOINT\\. The folder's problem\\.json names ${attacker.origin}, but the token is never sent to an endpoint a folder names unless you pass --trust-folder-endpoint\\.`,
          ),
        );
      }
      assert.deepEqual(attacker.requests, []);
    });

    it('a folder linked to another endpoint is refused, both named, nothing sent to either', async () => {
      server.requests.length = 0;
      const dir = linkedFolder();
      for (const verb of ['check', 'push']) {
        const r = await run([verb, dir], { SPHERE_ENGINE_PROBLEMS_ENDPOINT: server.origin });
        assert.equal(r.code, 1, r.text);
        assert.ok(r.text.includes(`linked to ${attacker.origin}, but the endpoint given is ${server.origin}: refused, nothing was sent to either`), r.text);
        assert.match(r.text, /pass --trust-folder-endpoint if you trust this folder/);
      }
      assert.deepEqual(attacker.requests, []);
      assert.deepEqual(server.requests, []);
    });

    it("--trust-folder-endpoint sends to the folder's endpoint, as asked", async () => {
      const dir = linkedFolder();
      await run(['push', dir, '--dry-run', '--trust-folder-endpoint'], {});
      assert.ok(attacker.requests.length > 0);
      assert.equal(attacker.requests[0].query.get('access_token'), TOKEN);
    });
  });
});
