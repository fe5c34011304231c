// Running programs on Sphere Engine Compilers from a real VS Code, against the run's emulator
// (polling protection on): what the user sees in the run channel, the Problems panel, the files
// written, and the requests sent (one POST per run, nothing sent when a check fails first).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import type { BatchReport, RunReport } from '../../src/features/compilers/context';
import { activateExtension, clearEmulatorRequests, emulatorInfo, emulatorRequests } from './helpers';

const RUN = 'sphereEngine.compilers.runActiveFile';
const RUN_FOLDER = 'sphereEngine.compilers.runFolder';
const RUN_ALL = 'sphereEngine.compilers.runWithAllInputs';
const SELECT = 'sphereEngine.compilers.selectCompiler';
const ACCEPTED = 15;

const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'compilers');

/** API requests only (no admin routes), as "METHOD path" without the query. */
async function compilerRequests(): Promise<string[]> {
  return (await emulatorRequests()).filter((r) => r.url.startsWith('/compilers/')).map((r) => `${r.method} ${r.url.split('?')[0]}`);
}

async function setPool(remaining: number | null): Promise<void> {
  const { origin, token } = emulatorInfo();
  const res = await fetch(`${origin}/compilers/api/v4/__emulator/pool?access_token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ remaining: remaining === null ? 'null' : String(remaining) }),
  });
  assert.equal(res.status, 200, `setting the pool: HTTP ${res.status}`);
}

describe('compilers: run programs', function () {
  let api: ExtensionTestApi['compilers'];
  let work: string;
  const file = (...parts: string[]) => vscode.Uri.file(path.join(work, ...parts));

  before(async () => {
    const exported = await activateExtension();
    assert.ok(exported.compilers, 'exports.compilers missing');
    api = exported.compilers;
    // A private copy: output files are written beside the sources.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'compilers-host-'));
    fs.cpSync(FIXTURES, work, { recursive: true });
  });

  beforeEach(async () => {
    api.clearOutput();
    await clearEmulatorRequests();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('lists the compilers of the account (Refresh Compilers)', async () => {
    const list = await vscode.commands.executeCommand<Array<{ id: number; name: string; versions: unknown[] }>>('sphereEngine.compilers.refreshCompilers');
    assert.ok(
      list?.some((c) => c.id === 116 && c.versions.length > 0),
      JSON.stringify(list),
    );
    assert.deepEqual(await compilerRequests(), ['GET /compilers/api/v4/compilers']);
  });

  it('runs the active Python file with its .in file and frames the output like a run', async () => {
    const document = await vscode.workspace.openTextDocument(file('python-input', 'greet.py'));
    await vscode.window.showTextDocument(document);
    const report = await vscode.commands.executeCommand<RunReport>(RUN);
    assert.equal(report.status?.code, ACCEPTED, JSON.stringify(report));
    assert.equal(report.stdout, 'Hello, Ada!\nHello, Linus!\n');
    const text = api.outputText();
    assert.match(text, /\[Running\] greet\.py with Python 3, input from greet\.in.*, profile "Local emulator"$/m);
    assert.match(text, /^Hello, Ada!\nHello, Linus!$/m);
    assert.match(text, /\[Done\] accepted, time \d+\.\d\d s, memory [\d.]+ (KB|MB)/);
    assert.deepEqual(
      (await compilerRequests()).filter((r) => r.startsWith('POST')),
      ['POST /compilers/api/v4/submissions'],
      'exactly one POST',
    );
  });

  it('runs with input given as text instead of the .in file', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('python-input', 'greet.py'), { input: 'Grace\n' });
    assert.equal(report.stdout, 'Hello, Grace!\n');
    assert.match(api.outputText(), /input from the given text/);
  });

  it('takes options alone, as a keybinding passes its args, for the active editor', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file('python-input', 'greet.py')));
    const report = await vscode.commands.executeCommand<RunReport>(RUN, { input: 'Zed\n' });
    assert.equal(report.stdout, 'Hello, Zed!\n', JSON.stringify(report));
  });

  it('turns a C++ compile error into a diagnostic on the right line', async () => {
    const uri = file('cpp-compile-error', 'broken.cpp');
    const report = await vscode.commands.executeCommand<RunReport>(RUN, uri);
    assert.equal(report.status?.code, 11, JSON.stringify(report));
    assert.match(report.cmpinfo ?? '', /totl/);
    const diagnostics = vscode.languages.getDiagnostics(uri);
    assert.ok(diagnostics.length >= 1, 'no diagnostic in the Problems panel');
    assert.equal(diagnostics[0].range.start.line, 4, 'line 5 of broken.cpp (0-based 4)');
    assert.equal(diagnostics[0].severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostics[0].message, /totl/);
    assert.match(api.outputText(), /\[Compiler messages\][\s\S]*totl[\s\S]*\[Done\] compilation error/);
  });

  it('stops an endless loop at the time limit from the arguments', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('time-limit', 'forever.py'), { timeLimit: 1 });
    assert.equal(report.status?.code, 13, JSON.stringify(report));
    assert.match(api.outputText(), /time limit 1 s[\s\S]*\[Done\] time limit exceeded[\s\S]*\[Hint\] The program ran longer than the time limit/);
  });

  it('reports a segmentation fault with its signal description', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('segfault', 'crash.cpp'));
    assert.equal(report.status?.code, 12, JSON.stringify(report));
    assert.equal(report.signal, 11);
    assert.match(report.signalDescription ?? '', /SIGSEGV/);
    assert.match(api.outputText(), /about to crash[\s\S]*\[Done\] runtime error, .*signal 11 \(SIGSEGV/);
  });

  it('runs a multi-file C++ folder as files[] parts and as a tar.gz', async () => {
    const parts = await vscode.commands.executeCommand<RunReport>(RUN_FOLDER, file('multi-file-cpp'));
    assert.equal(parts.status?.code, ACCEPTED, JSON.stringify(parts));
    assert.equal(parts.stdout?.trim(), 'area 12');
    assert.match(api.outputText(), /\[Running\] folder multi-file-cpp\/ \(3 files as files\) with C\+\+/);
    const archive = await vscode.commands.executeCommand<RunReport>(RUN_FOLDER, file('multi-file-cpp'), { forceArchive: true });
    assert.equal(archive.stdout?.trim(), 'area 12', JSON.stringify(archive));
    assert.equal((await compilerRequests()).filter((r) => r.startsWith('POST')).length, 2);
  });

  it('refuses a folder without its entry file, naming it, and sends nothing', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN_FOLDER, file('missing-entry'));
    assert.equal(report.ok, false);
    assert.match(report.error?.message ?? '', /prog\.py/);
    assert.match(api.outputText(), /\[Not sent\].*prog\.py/);
    assert.deepEqual(
      (await compilerRequests()).filter((r) => r.startsWith('POST')),
      [],
    );
  });

  it('brings output files back into a local folder with the program stdout', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('output-files', 'report.py'), { outputFilenames: 'result.txt; data/values.csv; missing.txt' });
    assert.equal(report.status?.code, ACCEPTED, JSON.stringify(report));
    assert.ok(report.outputDir && report.outputDir.startsWith(path.join(work, 'output-files', '.sphere-output')), report.outputDir);
    assert.equal(fs.readFileSync(path.join(report.outputDir, 'result.txt'), 'utf8'), 'total=6\n');
    assert.equal(fs.readFileSync(path.join(report.outputDir, 'data', 'values.csv'), 'utf8'), 'x,y\n1,2\n3,4\n');
    assert.equal(report.stdout, 'report written\n');
    assert.deepEqual(report.missingOutputFiles, ['missing.txt']);
    assert.ok(
      report.outputFiles?.some((f) => /(ENGINE|SE)_STDOUT$/.test(f)),
      `no stdout file in ${report.outputFiles}`,
    );
    assert.match(api.outputText(), /\[Output files\] not written by the program: missing\.txt/);
  });

  it('runs with all inputs, compares with .out files and finds the wrong one', async () => {
    const report = await vscode.commands.executeCommand<BatchReport>(RUN_ALL, file('many-inputs', 'double.py'));
    assert.deepEqual(
      report.items.map((i) => [i.input, i.stdout?.trim(), i.matches]),
      [
        ['1.in', '2', true],
        ['2.in', '10', false],
        ['3.in', '42', true],
      ],
    );
    assert.match(report.items[1].difference ?? '', /expected "11", got "10"/);
    const requests = await compilerRequests();
    assert.equal(requests.filter((r) => r === 'POST /compilers/api/v4/submissions').length, 3);
    assert.ok(
      requests.some((r) => r === 'GET /compilers/api/v4/submissions'),
      'waited with GET /submissions?ids=',
    );
    assert.ok(!requests.some((r) => /^GET \/compilers\/api\/v4\/submissions\/\d+$/.test(r)), 'no single-submission polling');
    assert.match(api.outputText(), /\[2\.in\] accepted.*WRONG ANSWER: differs at line 1: expected "11", got "10"/);
    assert.match(api.outputText(), /\[Done\] 3 inputs: 2 match, 1 differ \(2\.in\)/);
  });

  it('checks limits before sending', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('python-input', 'greet.py'), { timeLimit: 99 });
    assert.equal(report.ok, false);
    assert.match(report.error?.message ?? '', /time limit 99 s is out of range/);
    assert.deepEqual(await compilerRequests(), []);
  });

  it('explains an unknown compiler (400/201101)', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('python-input', 'greet.py'), { compilerId: 424242 });
    assert.equal(report.error?.status, 400, JSON.stringify(report));
    assert.equal(report.error?.errorCode, 201101);
    assert.match(report.error?.message ?? '', /compiler .*does not exist|not offered/i);
  });

  it('explains a memory limit the service refuses (400/202006)', async () => {
    const report = await vscode.commands.executeCommand<RunReport>(RUN, file('python-input', 'greet.py'), { memoryLimit: 2048 });
    assert.equal(report.error?.errorCode, 202006, JSON.stringify(report));
    assert.match(report.error?.message ?? '', /memory limit is out of the allowed range/i);
  });

  it('explains a language without multi-file support (400/201107)', async () => {
    // 62 (Text) runs single files only on the emulator.
    const report = await vscode.commands.executeCommand<RunReport>(RUN_FOLDER, file('multi-file-cpp'), { compilerId: 62 });
    assert.equal(report.error?.errorCode, 201107, JSON.stringify(report));
    assert.match(report.error?.message ?? '', /does not support multi-file/);
  });

  it('explains an empty submission pool (402) and what to do', async () => {
    await setPool(0);
    try {
      const report = await vscode.commands.executeCommand<RunReport>(RUN, file('python-input', 'greet.py'));
      assert.equal(report.error?.status, 402, JSON.stringify(report));
      assert.match(report.error?.message ?? '', /pool is empty.*Top up/);
      assert.match(api.outputText(), /\[Error\] .*pool is empty/);
    } finally {
      await setPool(null);
    }
  });

  it('remembers a compiler chosen for a language the table does not know', async () => {
    const uri = file('python-input', 'script.txt');
    fs.writeFileSync(uri.fsPath, 'print("from a text file")\n');
    try {
      await vscode.commands.executeCommand(SELECT, 'plaintext', 116);
      const overrides = vscode.workspace.getConfiguration('sphereEngine.compilers').get<Record<string, unknown>>('languageOverrides');
      assert.deepEqual(overrides?.plaintext, { compilerId: 116 });
      assert.ok(api.supportedLanguageIds().includes('plaintext'));
      const report = await vscode.commands.executeCommand<RunReport>(RUN, uri);
      assert.equal(report.compilerId, 116);
      assert.equal(report.stdout, 'from a text file\n');
    } finally {
      await vscode.commands.executeCommand(SELECT, 'plaintext', 0);
    }
    assert.equal(vscode.workspace.getConfiguration('sphereEngine.compilers').get<Record<string, unknown>>('languageOverrides')?.plaintext, undefined);
  });
});
