// The emulator's start banner and the extension's status tooltip say which languages are missing
// and how to add them (issue 31 item 9): the advice names only what is missing, each with the
// command to install, and is a clause said once (it was "to add a language, install … (for example
// g++, python3, node …)" with tools already found, and the tooltip prefixed "How to add one:"), and
// what differs from exact limits on this machine.
import * as assert from 'node:assert/strict';
import { addLanguageAdvice, CPU_WAIT_NOTE, limitsNote, NODE_LIMITS_NOTE, shownName } from '../../../emulator/machine-report';
import { LANGUAGES } from '../../../emulator/languages/table';

describe('emulator banner: missing languages', () => {
  it('names the command of each missing language, and nothing that was found', () => {
    const missing = LANGUAGES.filter((l) => ['Python', 'Python (PyPy)', 'Go'].includes(l.name));
    const advice = addLanguageAdvice(missing);
    assert.equal(advice, 'install python2 (Python 2), pypy3 (Python (PyPy)) or go (Go) so that it is on PATH, then restart the emulator');
    assert.doesNotMatch(advice, /to add a language|g\+\+|python3|node|rustc|JDK/);
  });

  it('names compiler 4 "Python 2", never a bare "Python" beside "Python 3" (issue 40 item 10)', () => {
    const python2 = LANGUAGES.find((l) => l.id === 4)!;
    assert.equal(shownName(python2), 'Python 2');
    assert.equal(shownName(LANGUAGES.find((l) => l.id === 116)!), 'Python 3');
    assert.equal(addLanguageAdvice([python2]), 'install python2 (Python 2) so that it is on PATH, then restart the emulator');
  });

  it('names a tool shared by two dialects once, and every language says what to install', () => {
    assert.equal(addLanguageAdvice(LANGUAGES.filter((l) => l.name.startsWith('C++'))), 'install g++ (C++, C++14) so that it is on PATH, then restart the emulator');
    for (const language of LANGUAGES) assert.ok(language.install.trim(), language.name);
  });
});

describe('emulator banner: how exact the limits are', () => {
  it('says nothing when a supervisor measures CPU time and the kernel reports CPU waits', () => {
    assert.equal(limitsNote(true, true), undefined);
  });

  it('says when the wall-clock guard must count time spent waiting for a CPU', () => {
    assert.equal(limitsNote(true, false), CPU_WAIT_NOTE);
    assert.match(CPU_WAIT_NOTE, /schedstat.*the wall-clock guard counts it.*busy machine/);
  });

  it('says both, the Node fallback first, when both differ', () => {
    assert.equal(limitsNote(false, true), NODE_LIMITS_NOTE);
    assert.equal(limitsNote(false, false), `${NODE_LIMITS_NOTE}; ${CPU_WAIT_NOTE}`);
  });
});
