// The extension and an emulator that announces itself (SPHERE_ENGINE_EMULATOR), in a real VS Code:
// a token stored from an earlier emulator data directory (or from the old well-known token) gives
// way to the announced one, and an emulator without a sandbox is said to be one, in the log and the
// status bar. A Connection of its own over in-memory secrets, so the extension's is left alone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Connection } from '../../src/connection/connection';
import { createStatusBar } from '../../src/features/connection/status-bar';
import { confirmSending } from '../../src/features/shared/confirm-sending';
import type { Services } from '../../src/services';
import { EMULATOR_PROFILE_ID } from '../../src/connection/profiles';
import { legacyTokenSecretKey, TokenStore, tokenSecretKey } from '../../src/connection/token-store';
import { emulatorInfo, MemoryMemento, MemorySecrets, recordingLog } from './helpers';

describe('an announced emulator (SPHERE_ENGINE_EMULATOR)', () => {
  const disposables: vscode.Disposable[] = [];
  afterEach(() => {
    for (const d of disposables.splice(0)) d.dispose();
  });

  async function connect(stored: Record<string, string>, announced: Partial<ReturnType<typeof emulatorInfo>> & { sandboxed?: boolean; warning?: string }) {
    const secrets = new MemorySecrets();
    for (const [module, token] of Object.entries(stored)) await secrets.store(legacyTokenSecretKey(module as 'compilers'), token);
    const tokens = new TokenStore(secrets);
    const log = recordingLog();
    const connection = new Connection(tokens, new MemoryMemento(), log, { ...emulatorInfo(), ...announced });
    disposables.push(tokens, connection);
    await connection.ready;
    return { secrets, log, connection };
  }

  it("replaces a token stored for the emulator's endpoint when the emulator announces another", async () => {
    const { token } = emulatorInfo();
    const { secrets, log, connection } = await connect({ compilers: 'emulator-dev-token' }, {});
    assert.equal(await secrets.get(tokenSecretKey(EMULATOR_PROFILE_ID, 'compilers')), token, 'the old token gave way');
    assert.equal(await secrets.get(tokenSecretKey(EMULATOR_PROFILE_ID, 'problems')), token, 'an empty module was seeded');
    assert.ok(
      log.lines.some((l) => /Compilers: the emulator's token changed; now using the local emulator/.test(l)),
      log.lines.join('\n'),
    );
    assert.ok(!log.lines.join('\n').includes(token), 'the log holds no token');
    const test = await connection.test('compilers');
    assert.equal(test.ok, true, test.message);
  });

  it('says in the log and the status bar when the emulator runs programs unsandboxed', async () => {
    const warning = 'programs run UNSANDBOXED, as tester, with your files and network (none: bubblewrap not installed)';
    const { log, connection } = await connect({}, { sandboxed: false, warning });
    assert.ok(
      log.lines.some((l) => l.startsWith('warn') && l.includes(warning)),
      log.lines.join('\n'),
    );
    const bar = createStatusBar(connection);
    disposables.push(bar);
    assert.match(bar.snapshot().tooltip, /\$\(warning\) Local emulator at .*programs run UNSANDBOXED, as tester/);

    const sandboxed = await connect({}, { sandboxed: true });
    const quiet = createStatusBar(sandboxed.connection);
    disposables.push(quiet);
    assert.doesNotMatch(quiet.snapshot().tooltip, /UNSANDBOXED/);
    assert.ok(!sandboxed.log.lines.some((l) => /UNSANDBOXED/.test(l)));
  });

  it("asks sharply before a class's code runs on an emulator Start Local Emulator started unsandboxed, and no more once it stopped", async () => {
    const tokens = new TokenStore(new MemorySecrets());
    const connection = new Connection(tokens, new MemoryMemento(), recordingLog(), undefined);
    disposables.push(tokens, connection);
    await connection.ready;
    const origin = 'http://127.0.0.1:45999';
    connection.emulatorStarted({ origin, sandboxed: false, warning: 'none: bubblewrap not installed' });
    const asked: Array<{ detail: string; buttons: string[] }> = [];
    const original = vscode.window.showWarningMessage;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = async (_m: string, o: vscode.MessageOptions, ...buttons: string[]) => {
      asked.push({ detail: o.detail ?? '', buttons });
      return undefined;
    };
    try {
      const question = { message: 'Judge 3 solutions?', button: 'Judge 3', endpoint: `${origin}/compilers`, folder: '/class', othersCode: true };
      const services = { connection } as unknown as Services;
      assert.equal(await confirmSending(services, question), false, 'nothing is sent unless the person agrees');
      assert.match(asked[0].detail, /without a sandbox \(none: bubblewrap not installed\).*install bubblewrap/s);
      assert.deepEqual(asked[0].buttons, ['Judge 3 Unsandboxed']);
      await connection.emulatorStopped(origin);
      await confirmSending(services, question);
      assert.doesNotMatch(asked[1].detail, /without a sandbox/);
      assert.deepEqual(asked[1].buttons, ['Judge 3']);
    } finally {
      (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
    }
  });
});
