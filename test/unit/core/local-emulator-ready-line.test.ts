// The EMULATOR_READY line as the extension reads it when it starts the bundled emulator.
import * as assert from 'node:assert/strict';
import { parseReadyLine } from '../../../contract/local-emulator';

describe('local emulator: the EMULATOR_READY line', () => {
  it('reads origin, token, sandbox, languages and the Node-fallback note', () => {
    const line =
      'EMULATOR_READY ' +
      JSON.stringify({
        origin: 'http://127.0.0.1:4100/',
        token: 't0k',
        sandboxed: false,
        warning: 'programs run UNSANDBOXED',
        languages: ['Python 3 (CPython 3.11.7)', 7],
        missingLanguages: ['Go'],
        addLanguage: 'install it',
        limits: 'node',
        limitsNote: 'python3 was not found',
      });
    assert.deepEqual(parseReadyLine(line), {
      origin: 'http://127.0.0.1:4100',
      token: 't0k',
      sandboxed: false,
      warning: 'programs run UNSANDBOXED',
      languages: ['Python 3 (CPython 3.11.7)'],
      missingLanguages: ['Go'],
      addLanguage: 'install it',
      limits: 'node',
      limitsNote: 'python3 was not found',
    });
  });

  it('takes an older line (no languages) as sandboxed with nothing listed, and refuses what is not a ready line', () => {
    const old = parseReadyLine('EMULATOR_READY {"origin":"http://127.0.0.1:1","token":"x"}');
    assert.equal(old?.sandboxed, true);
    assert.deepEqual(old?.languages, []);
    assert.equal(old?.limits, undefined);
    for (const line of ['  Token:      x', 'EMULATOR_READY {not json', 'EMULATOR_READY {"origin":"http://127.0.0.1:1"}', 'EMULATOR_READY {"token":"x"}']) {
      assert.equal(parseReadyLine(line), undefined, line);
    }
  });
});
