// One Compilers submission as an attacker sends it, for the attack modules: POST, poll until the
// final status, then read back every stream it has (all of it goes to the marker check).
import * as assert from 'node:assert/strict';
import type { EmulatorUnderAttack } from './attack';

export interface Finished {
  status: number;
  /** stdout, stderr, cmpinfo: everything the submission gave back. */
  texts: string[];
  output: string;
}

/** Submits one program, waits for its final status, and reads every stream it has. */
export async function submit(emu: EmulatorUnderAttack, compilerId: number, source: string, timeLimit = 5): Promise<Finished> {
  const base = `${emu.origin}/compilers/api/v4/submissions`;
  const q = `access_token=${encodeURIComponent(emu.token)}`;
  const res = await fetch(`${base}?${q}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ compilerId, source, timeLimit }) });
  const created = (await res.json()) as { id?: number };
  assert.equal(res.status, 201, JSON.stringify(created));
  for (let i = 0; i < 1200; i++) {
    const sub = (await (await fetch(`${base}/${created.id}?${q}`)).json()) as {
      executing: boolean;
      result: { status: { code: number }; streams: Record<string, { uri: string } | null> };
    };
    if (!sub.executing) {
      const texts: Record<string, string> = {};
      for (const [name, entry] of Object.entries(sub.result.streams)) {
        if (entry) texts[name] = await (await fetch(entry.uri)).text();
      }
      return { status: sub.result.status.code, texts: Object.values(texts), output: `${texts.output ?? ''}${texts.error ?? ''}` };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`submission ${created.id} never finished`);
}
