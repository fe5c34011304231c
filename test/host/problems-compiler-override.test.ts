// Submit Solution sends a file to the compiler the person chose for its language
// (`sphereEngine.compilers.languageOverrides`, "Select Compiler for Language…"), as Run File and
// Judge Solutions in Folder do: one choice of compiler for every command (src/core/languages/compiler-choice.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, emulatorHook, emulatorInfo, pollGuardTrips, replace } from './helpers';

const ADDTWO = 1;
const C_GCC = 11;
const CPP_GCC = 1;
const SOURCE = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

/** The submission as the service keeps it (read past the poll guard: the extension just polled it). */
async function submissionAsStored(id: number): Promise<{ compiler: { id: number } }> {
  const { minIntervalMs } = await pollGuardTrips();
  await emulatorHook('POST', 'poll-guard', { minIntervalMs: 0 });
  try {
    const { origin, token } = emulatorInfo();
    const res = await fetch(`${origin}/problems/api/v4/submissions/${id}?access_token=${encodeURIComponent(token)}`);
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as { compiler: { id: number } };
  } finally {
    await emulatorHook('POST', 'poll-guard', { minIntervalMs });
  }
}

describe('Submit Solution: the compiler chosen for the language', function () {
  this.timeout(90_000);
  const scratch = useScratch();
  const config = () => vscode.workspace.getConfiguration('sphereEngine.compilers');

  before(() => activateExtension());
  after(() => config().update('languageOverrides', undefined, vscode.ConfigurationTarget.Global));

  it('sends a C file to the compiler chosen for C, not the table default', async () => {
    // A file of its own: nothing remembered for it, and never opened (no language id from VS Code).
    const file = path.join(scratch('se-override-'), 'addtwo.c');
    fs.writeFileSync(file, SOURCE);
    await config().update('languageOverrides', { c: CPP_GCC }, vscode.ConfigurationTarget.Global);
    const asked: string[] = [];
    const restore = replace(vscode.window, 'showQuickPick', (async (_items: unknown, options?: vscode.QuickPickOptions) => {
      asked.push(options?.title ?? '');
      return undefined;
    }) as typeof vscode.window.showQuickPick);
    let verdict: { submissionId: number } | undefined;
    try {
      verdict = await vscode.commands.executeCommand<{ submissionId: number } | undefined>('sphereEngine.problems.submitSolution', {
        file: vscode.Uri.file(file),
        problemId: ADDTWO,
      });
    } finally {
      restore();
    }
    assert.deepEqual(asked, [], 'asked for a compiler although one is chosen for C');
    assert.ok(verdict, 'nothing was submitted');
    const sent = await submissionAsStored(verdict.submissionId);
    assert.equal(sent.compiler.id, CPP_GCC, `sent to compiler ${sent.compiler.id} (the table's default for C is ${C_GCC})`);
  });
});
