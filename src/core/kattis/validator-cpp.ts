// The Sphere Engine test case judge that runs a Kattis output validator written in C++. A judge
// is one source file, so the validator's local headers (`#include "validate.h"`) are inlined where
// they are included, once each (as include guards or `#pragma once` would), and its `main` is
// renamed. The adapter's own main, appended after the validator's code, forks: the child gets
// the Kattis set-up (argv = validator input answer feedback_dir/ flags..., fd 3 on stdin) and
// runs the validator's main; the parent maps the child's exit status, so `exit(42)` from anywhere
// in the validator (validate.h's accept(), a destructor, a helper) is seen as Kattis sees it.
// An interactor (interactive problem) also gets fd 8, the program's input, as its stdout.
// The adapter is a C++ file, ./validator-cpp-adapter.cpp, whose /*@NAME@*/ places are filled here.
import ADAPTER from './validator-cpp-adapter.cpp';

export const RENAMED_MAIN = 'kattis_validator_main';
/** Where the adapter starts in its file: the header comment above it is for the file's readers. */
const ADAPTER_START = '// ---- Kattis validator adapter ----';

/** A string as a C++ literal: JSON's escapes are valid C++ ones for the text flags hold. */
const c = (s: string) => JSON.stringify(s);

export function cppJudgeSource(o: { marker: string; code: string; flags: string[]; interactive: boolean }): string {
  const places: Record<string, string> = {
    FLAGS: o.flags.map((f) => `, ${c(f)}`).join(''),
    STDOUT_FD: o.interactive ? '8' : '2',
    CLOSE_PROGRAM_INPUT: o.interactive ? '// The program sees the end of its input when the validator exits.\n  close(8);\n  close(3);\n  ' : '',
  };
  // One pass: a validator flag that looks like a place is left as it is.
  const adapter = ADAPTER.slice(ADAPTER.indexOf(ADAPTER_START)).replace(/\/\*@(\w+)@\*\//g, (_, name: string) => places[name]);
  return `${o.marker}
// A Sphere Engine judge generated from a Kattis output validator by the Kattis import: the
// validator's code follows unchanged except that its main is renamed ${RENAMED_MAIN} and its
// local headers are inlined; the adapter at the end runs it as Kattis does. Import the package
// again rather than editing this file (export writes the original validator back).

${o.code}

${adapter}`;
}
