// Generated trees for the packing benchmarks, written under a temp dir.
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { once } from 'node:events';

/** `count` small source-like files spread over 100 folders (like a real project). */
export async function writeManyFilesTree(root: string, count: number): Promise<void> {
  const dirs = 100;
  for (let d = 0; d < dirs; d++) await fsp.mkdir(path.join(root, `pkg${d}`, 'src'), { recursive: true });
  const body = 'export function value(n: number): number {\n  return n * 2 + 1;\n}\n'.repeat(8);
  const batch: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    batch.push(fsp.writeFile(path.join(root, `pkg${i % dirs}`, 'src', `file${i}.ts`), `// ${i}\n${body}`));
    if (batch.length === 256) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

/**
 * `count` files of `mebibytes` each. Content is base64 of random bytes: it
 * compresses (about 3:4) but not trivially, like real data and binaries.
 */
export async function writeBigFilesTree(root: string, count: number, mebibytes: number): Promise<void> {
  await fsp.mkdir(root, { recursive: true });
  const block = Buffer.from(randomBytes(3 * 256 * 1024).toString('base64')); // 1 MiB
  for (let i = 0; i < count; i++) {
    const out = createWriteStream(path.join(root, `data${i}.bin`));
    for (let m = 0; m < mebibytes; m++) {
      if (!out.write(block)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
  }
  await fsp.writeFile(path.join(root, 'README.md'), 'big files\n');
}
