// Import Kattis Package as Problem Folder in the real VS Code, as the Explorer calls it (on the
// package's problem.yaml, the target picked in a folder dialog): the folder is written, what it
// cannot hold is shown with the reason before anything else, and the folder then pushes to the
// run's emulator as a new problem, after which a second push has nothing to send.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, answerModals, changingRequests, clearEmulatorRequests, recordNotices, replace, workspaceFolder } from './helpers';

interface ImportOutcome { folder: string; tests: number; solutions: number; notes: string[]; notImported: string[] }
interface PushOutcome { stopped?: string; result?: { applied: string[]; failed?: string } }

const pkg = (name = 'double') => path.resolve(workspaceFolder().uri.fsPath, '..', 'kattis', name);

describe('Kattis import (host)', function () {
  this.timeout(60_000);
  const scratch = useScratch();

  it('imports a package from the Explorer, says what was not imported and why, and the folder pushes', async () => {
    await activateExtension();
    const parent = scratch('host-kattis-');
    const restoreDialog = replace(vscode.window, 'showOpenDialog', (() => Promise.resolve([vscode.Uri.file(parent)])) as typeof vscode.window.showOpenDialog);
    const modals = answerModals([undefined]);
    let outcome: ImportOutcome | undefined;
    try {
      outcome = await vscode.commands.executeCommand<ImportOutcome>('sphereEngine.problems.importKattis', vscode.Uri.file(path.join(pkg(), 'problem.yaml')));
    } finally {
      modals.restore();
      restoreDialog();
    }
    const dir = path.join(parent, 'double-sphere-engine');
    assert.equal(outcome?.folder, dir);
    assert.deepEqual([outcome.tests, outcome.solutions], [2, 2]);
    assert.equal(modals.asked.length, 1);
    assert.match(modals.asked[0].message, /Imported double into .*: 2 test cases, 2 reference solutions/);
    assert.match(modals.asked[0].detail ?? '', /Not imported:\n• submissions\/presentation_error\/spaces\.py: Sphere Engine has no verdict for "presentation_error"/);
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { name: string; tests: Array<{ judge: number; timeLimit: number }> };
    assert.equal(settings.name, 'Double');
    // The nested group's own testdata.yaml asks for byte-exact comparison: judge 10 there, 1 elsewhere.
    assert.deepEqual(settings.tests.map((t) => [t.judge, t.timeLimit]), [[1, 2], [10, 2]]);
    assert.equal(fs.readFileSync(path.join(dir, 'tests/1.out'), 'utf8'), fs.readFileSync(path.join(pkg(), 'data/secret/big/1.ans'), 'utf8'));
    assert.deepEqual(fs.readdirSync(path.join(dir, 'solutions')).sort(), ['accepted', 'wrong_answer']);

    const push = answerModals(['Push']);
    try {
      await clearEmulatorRequests();
      const pushed = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
      assert.equal(pushed?.result?.failed, undefined);
      assert.match(push.asked[0].message, /Create problem “Double” on Sphere Engine/);
    } finally {
      push.restore();
    }
    const sent = await changingRequests();
    assert.equal(sent.filter((r) => r === 'POST /problems/api/v4/problems').length, 1);
    assert.equal(sent.filter((r) => /^POST \/problems\/api\/v4\/problems\/\d+\/testcases$/.test(r)).length, 2);
    const again = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
    assert.equal(again?.stopped, 'nothing');
  });

  it('skips links in a package with a note, and copies nothing they point to', async () => {
    // A package is hostile input: its test file and its solution are links to a file of this
    // machine. The import says it skipped them, and the folder holds nothing of the file.
    const secret = path.join(scratch('host-kattis-secret-'), 'secret.txt');
    fs.writeFileSync(secret, 'host secret 4242\n');
    const from = path.join(scratch('host-kattis-links-'), 'double');
    fs.cpSync(pkg(), from, { recursive: true });
    fs.symlinkSync(secret, path.join(from, 'data/secret/leak.in'));
    fs.writeFileSync(path.join(from, 'data/secret/leak.ans'), 'x\n');
    fs.symlinkSync(secret, path.join(from, 'submissions/accepted/leak.py'));
    const dir = path.join(scratch('host-kattis-links-out-'), 'double');
    const modals = answerModals([undefined]);
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: from, folder: dir });
    } finally {
      modals.restore();
    }
    assert.equal(modals.asked.length, 1);
    const detail = modals.asked[0].detail ?? '';
    assert.match(detail, /• data\/secret\/leak\.in: a symbolic link: links are not followed \(one could point anywhere on this machine\), so it is skipped\./);
    assert.match(detail, /• submissions\/accepted\/leak\.py: a symbolic link: links are not followed/);
    const written = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const e of written) assert.doesNotMatch(fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'), /host secret 4242/, `${e.name} holds the linked file`);
  });

  it('says that a custom output validator became custom judges, and pushes them with the problem', async () => {
    const dir = path.join(scratch('host-kattis-near-'), 'near');
    const { shown, restore } = recordNotices('showInformationMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: pkg('near'), folder: dir });
    } finally {
      restore();
    }
    assert.equal(shown.length, 1, 'nothing was left out: no modal, a notice');
    assert.match(shown[0], /: 2 test cases, 2 reference solutions\. Its output validator output_validators\/near \(Python 3\) runs as the custom judge kattis_validator, kattis_validator_2\.$/);
    const push = answerModals(['Push']);
    try {
      await clearEmulatorRequests();
      const pushed = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
      assert.equal(pushed?.result?.failed, undefined);
    } finally {
      push.restore();
    }
    assert.equal((await changingRequests()).filter((r) => r === 'POST /problems/api/v4/judges').length, 2);
  });
});
