// Every quick pick and input box goes through src/ui/prompts.ts, which keeps it open when the focus
// leaves it: a prompt started from a walkthrough button otherwise closed as soon as the walkthrough
// page took the focus back, and the flow silently stopped.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, SRC, sourceFiles } from './source-files';

const PROMPTS = path.join(SRC, 'ui', 'prompts.ts');
/** VS Code's own prompt functions, which close on focus-out unless told otherwise. */
const DIRECT_PROMPT = /\bwindow\s*\.\s*(showQuickPick|showInputBox|createQuickPick|createInputBox)\b/g;

describe('prompts', () => {
  it('opens every quick pick and input box through src/ui/prompts.ts', () => {
    const direct = sourceFiles()
      .filter((file) => file !== PROMPTS)
      .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(DIRECT_PROMPT)].map((m) => `${path.relative(ROOT, file)}: window.${m[1]}`));
    assert.deepEqual(direct, []);
  });

  it('keeps every prompt of src/ui/prompts.ts open on focus-out', () => {
    const text = fs.readFileSync(PROMPTS, 'utf8');
    const opened = [...text.matchAll(DIRECT_PROMPT)].length;
    assert.equal(opened, 3, 'showQuickPick, showInputBox and createQuickPick');
    assert.equal([...text.matchAll(/ignoreFocusOut(: | = )true/g)].length, opened, 'each one sets ignoreFocusOut');
  });
});
