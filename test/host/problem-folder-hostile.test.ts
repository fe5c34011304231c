// Hostile problem folders in the real VS Code (issue 26, items 14-15): Push Problem Folder on a
// folder whose judge is "judges/../../secret", or whose test is a link to a host file, is refused
// with a message saying what, why and what to do, and nothing reaches the service; Check Problem
// Folder on a folder linked to another endpoint than the active profile's is refused naming both;
// Download Problem as Folder from a server whose test number is a path writes nothing anywhere.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch, writeTree } from '../scratch';
import { activateExtension, clearEmulatorFaults, clearEmulatorRequests, emulatorRequests, recordNotices, setEmulatorFaults } from './helpers';

const FOLDER = {
  'problem.json': JSON.stringify({
    name: 'Hostile',
    type: 'binary',
    interactive: false,
    masterJudge: 1000,
    statement: 'statement.md',
    judges: { j: { file: 'judges/../../secret', compilerId: 116, type: 'testcase' } },
    tests: [{ number: 0, timeLimit: 1, judge: 'j', active: true }],
  }),
  'statement.md': 'Say it.',
  'tests/0.out': '1\n',
  'solutions/accepted/a.py': 'print(1)\n',
};

describe('hostile problem folders (host)', function () {
  this.timeout(60_000);
  const scratch = useScratch();
  let root: string;
  let dir: string;

  before(async () => {
    await activateExtension();
    root = scratch('host-hostile-folder-');
    fs.writeFileSync(path.join(root, 'secret'), 'the secret');
    dir = writeTree(path.join(root, 'repo'), FOLDER);
    fs.symlinkSync(path.join(root, 'secret'), path.join(dir, 'tests/0.in'));
  });

  it('Push Problem Folder refuses a traversing judge and a linked test, saying what to do; nothing is sent', async () => {
    await clearEmulatorRequests();
    const { shown, restore } = recordNotices('showErrorMessage');
    try {
      const outcome = await vscode.commands.executeCommand<{ stopped?: string }>('sphereEngine.problems.pushFolder', { folder: dir });
      assert.equal(outcome?.stopped, 'invalid');
      const text = shown.join('\n');
      assert.match(text, /Nothing was pushed: /);
      assert.match(text, /judges\.j: "file" "judges\/\.\.\/\.\.\/secret" is refused: it steps outside the folder/);
      assert.match(text, /Test 0: tests\/0\.in is a link, refused: it could point anywhere on this machine\. .*replace the link by the file itself/);
    } finally {
      restore();
    }
    // Push talks to the Problems API only; a view refreshing its own module meanwhile (the
    // Containers tree's GET /projects beside a busy machine's late timers) is not the push.
    assert.deepEqual(
      (await emulatorRequests()).filter((r) => r.url.startsWith('/problems/')),
      [],
      'push sent nothing to the Problems API',
    );
  });

  it('Download Problem as Folder from a server whose test number is "../../../x" writes nothing anywhere and says why', async () => {
    // The emulator answers the test case list as a hostile server would.
    await setEmulatorFaults([
      {
        path: '^/problems/api/v4/problems/2/testcases$',
        method: 'GET',
        kind: 'json',
        body: { items: [{ number: '../../../x', timeLimit: 1, judge: { id: 1 }, active: true, input: { size: 1 }, output: { size: 1 } }] },
      },
    ]);
    const target = path.join(scratch('host-hostile-pull-'), 'a', 'b', 'problem');
    await clearEmulatorRequests();
    const { shown, restore } = recordNotices('showErrorMessage');
    try {
      const pulled = await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId: 2, folder: target });
      assert.equal(pulled, undefined);
      assert.match(shown.join('\n'), /answer for problem 2 was refused: a test case number "\.\.\/\.\.\/\.\.\/x" is not a whole number\. Nothing was written or sent\./);
    } finally {
      restore();
      await clearEmulatorFaults();
    }
    assert.equal(fs.existsSync(path.dirname(path.dirname(target))), false, 'not even the folder was made');
    assert.deepEqual(
      (await emulatorRequests()).filter((r) => /testcases\/[^/]+\/(input|output)/.test(r.url)),
      [],
      'no test file was asked for',
    );
  });

  it("Check Problem Folder refuses a folder linked to another endpoint than the active profile's", async () => {
    const linked = writeTree(path.join(root, 'linked'), { ...FOLDER, 'tests/0.in': '1\n', 'judges/j.py': 'print(1)\n' });
    const settings = JSON.parse(FOLDER['problem.json']);
    settings.judges.j.file = 'judges/j.py';
    settings.link = { endpoint: 'https://collector.example/problems', problemId: 1 };
    fs.writeFileSync(path.join(linked, 'problem.json'), JSON.stringify(settings));
    await clearEmulatorRequests();
    const { shown, restore } = recordNotices('showErrorMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.checkFolder', { folder: linked });
      assert.match(
        shown.join('\n'),
        /Nothing was checked: This folder is linked to problem 1 on https:\/\/collector\.example\/problems, not to .*: nothing was submitted\. Switch to a profile with that endpoint/,
      );
    } finally {
      restore();
    }
    assert.deepEqual(
      (await emulatorRequests()).filter((r) => r.method === 'POST'),
      [],
    );
  });
});
