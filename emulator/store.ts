// State in the data directory. Each collection is one JSON file written atomically (temp + rename),
// so a restart finds everything that was acknowledged. Large blobs (sources, streams, workspace
// files) live as plain files under dirFor(...), not in JSON.
import * as fs from 'node:fs';
import * as path from 'node:path';

export class Store {
  private readonly cache = new Map<string, unknown>();

  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** A folder for a module's files, created on demand. */
  dirFor(...parts: string[]): string {
    const dir = path.join(this.root, ...parts);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  load<T>(name: string, fallback: () => T): T {
    if (this.cache.has(name)) return this.cache.get(name) as T;
    const file = this.fileOf(name);
    let value: T;
    try {
      value = JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    } catch {
      value = fallback();
    }
    this.cache.set(name, value);
    return value;
  }

  /** Writes synchronously: a request is answered only after its state is on disk. */
  save<T>(name: string, value: T): void {
    this.cache.set(name, value);
    const file = this.fileOf(name);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(value));
    fs.renameSync(tmp, file);
  }

  private fileOf(name: string): string {
    if (!/^[a-z0-9_-]+$/i.test(name)) throw new Error(`bad collection name ${name}`);
    return path.join(this.root, `${name}.json`);
  }
}
