// `npm start` says in one line how to use the problems CLI against the emulator it started (its
// endpoint, and the command that reads the token from the data directory), and passes the
// machine-readable EMULATOR_READY line on with the tokens masked (issue 31 item 23: it printed
// `Token: ***` and a file path, and swallowed EMULATOR_READY).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

interface EmulatorLib {
  cliHint(problemsEndpoint: string, dataDir: string, cwd?: string): string;
  maskToken(line: string): string;
}
const ROOT = REPO_ROOT;
const lib = require(path.join(ROOT, 'scripts', 'lib', 'emulator.js')) as EmulatorLib;

describe('npm start: the CLI hint and the EMULATOR_READY line', () => {
  it('names the endpoint and the command that reads the token, never the token', () => {
    const hint = lib.cliHint('http://127.0.0.1:8401/problems', path.join(ROOT, '.emulator-data'), ROOT);
    assert.equal(
      hint,
      'problems CLI against this emulator: SPHERE_ENGINE_PROBLEMS_ENDPOINT=http://127.0.0.1:8401/problems SPHERE_ENGINE_PROBLEMS_TOKEN="$(cat .emulator-data/access-token)" npx sphere-problems --help',
    );
    // Outside the working folder: the absolute path.
    assert.match(lib.cliHint('http://x/problems', '/var/emu', ROOT), /\$\(cat \/var\/emu\/access-token\)/);
  });

  it('prints every emulator line, EMULATOR_READY included, with the tokens masked', () => {
    const ready = 'EMULATOR_READY {"origin":"http://127.0.0.1:8400","token":"s3cret","readOnlyToken":"r3ad"}';
    assert.equal(lib.maskToken(ready), 'EMULATOR_READY {"origin":"http://127.0.0.1:8400","token":"***","readOnlyToken":"***"}');
    const start = fs.readFileSync(path.join(ROOT, 'scripts', 'start.js'), 'utf8');
    assert.doesNotMatch(start, /startsWith\('EMULATOR_READY'\)/, 'start.js drops the EMULATOR_READY line');
    assert.match(start, /cliHint\(/);
  });
});
