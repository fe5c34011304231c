// The test emulator leaves nothing behind: 78 data directories of about 8 MB each once filled /tmp.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startTestEmulator } from './harness';

describe('test emulator harness', () => {
  let own: string;
  beforeEach(() => (own = fs.mkdtempSync(path.join(os.tmpdir(), 'se-harness-'))));
  afterEach(() => fs.rmSync(own, { recursive: true, force: true }));

  it('close() removes the data directory it made', async () => {
    const emu = await startTestEmulator();
    assert.ok(fs.existsSync(emu.dataDir));
    await emu.close();
    assert.equal(fs.existsSync(emu.dataDir), false);
  });

  it('close() keeps a data directory the caller passed', async () => {
    const emu = await startTestEmulator({ dataDir: own });
    await emu.close();
    assert.ok(fs.readdirSync(own).length > 0, 'the state is still there for a restart');
  });
});
