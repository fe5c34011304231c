// The emulator's side and the extension's side of starting and finding an emulator are one
// module (contract/local-emulator.ts): what the emulator prints, the extension reads; the proof
// the emulator gives is the one the extension expects; the file names are written once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { challengeProof, formatReadyLine, parseReadyLine, READY_PREFIX } from '../../../contract';
import { REPO_ROOT } from '../../repo-root';
import { sourceFiles } from '../source-files';

describe('contract: the local emulator', () => {
  it('reads back the ready line the emulator writes, extra fields and all', () => {
    const line = formatReadyLine({
      origin: 'http://127.0.0.1:8400/',
      token: 't0k',
      sandboxed: false,
      warning: 'no bwrap',
      languages: ['C'],
      missingLanguages: [],
      endpoints: { compilers: 'x' },
    });
    assert.ok(line.startsWith(READY_PREFIX));
    assert.deepEqual(parseReadyLine(line), {
      origin: 'http://127.0.0.1:8400',
      token: 't0k',
      sandboxed: false,
      warning: 'no bwrap',
      languages: ['C'],
      missingLanguages: [],
      addLanguage: undefined,
      limits: undefined,
      limitsNote: undefined,
    });
    assert.equal(parseReadyLine('EMULATOR_READY {not json'), undefined);
    assert.equal(parseReadyLine('EMULATOR_READY {"origin":"http://127.0.0.1:1"}'), undefined, 'no token');
  });

  it('gives a proof that depends on the token and the nonce', () => {
    const nonce = 'ab'.repeat(16);
    assert.match(challengeProof('t', nonce), /^[0-9a-f]{64}$/);
    assert.notEqual(challengeProof('t', nonce), challengeProof('u', nonce));
    assert.notEqual(challengeProof('t', nonce), challengeProof('t', 'cd'.repeat(16)));
  });

  it('is the only place that spells the ready prefix, the challenge key and the token file name', () => {
    const spelled = ['src', 'emulator'].flatMap((dir) =>
      sourceFiles(path.join(REPO_ROOT, dir)).filter((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\/\/|\*)/.test(line) && /EMULATOR_READY |sphere-engine-emulator-challenge:|[^=!]=\s*'(access-token|instance\.json)'/.test(line)),
      ),
    );
    assert.deepEqual(
      spelled.map((f) => path.relative(REPO_ROOT, f)),
      [],
    );
  });
});
