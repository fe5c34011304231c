// Every command waits for the connection before its handler runs (src/ui/command-gate.ts): a
// handler called before the gate settles runs after it, with its arguments and its result; a gate
// that failed does not stop the command; and activation sets the gate before any feature
// registers a command (so a command run the moment the window opens reads loaded profiles).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterGate } from '../../src/ui/command-gate';
import { SRC } from './source-files';

describe('command gate', () => {
  it('runs a handler only once the gate has settled, with its arguments and result', async () => {
    const order: string[] = [];
    let open!: () => void;
    const ready = new Promise<void>((resolve) => (open = resolve));
    const command = afterGate(
      () => ready,
      (a: number, b: string) => (order.push(`handler ${a} ${b}`), `${b}${a}`),
    );
    const result = command(1, 'x');
    await new Promise((r) => setTimeout(r, 20));
    order.push('gate opens');
    open();
    assert.equal(await result, 'x1');
    assert.deepEqual(order, ['gate opens', 'handler 1 x']);
  });

  it('runs the handler when the gate failed, and passes on what the handler throws', async () => {
    const failed = Promise.reject(new Error('profiles unreadable'));
    failed.catch(() => undefined);
    assert.equal(
      await afterGate(
        () => failed,
        () => 'ran',
      )(),
      'ran',
    );
    await assert.rejects(
      afterGate(
        () => Promise.resolve(),
        () => {
          throw new Error('handler failed');
        },
      )(),
      /handler failed/,
    );
  });

  it('is set at activation before any feature registers its commands, and every registration goes through it', () => {
    const activate = fs.readFileSync(path.join(SRC, 'extension.ts'), 'utf8');
    const gateAt = activate.indexOf('commandsWaitFor(services.connection.ready, () => services.connection.settled())');
    assert.ok(gateAt > 0, 'activate() sets the gate to the connection, and to the starts of the local emulator under way');
    assert.ok(gateAt < activate.indexOf('registerConnectionFeature('), 'before the first feature registers');
    const commands = fs.readFileSync(path.join(SRC, 'ui', 'commands.ts'), 'utf8');
    assert.match(commands, /registerCommand\(id, afterGate\(\(\) => gate\(id\), handler\)/);
  });
});
