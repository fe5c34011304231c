// The data directory format before the state database: one JSON file per collection, rewritten
// whole on every change. On open, such files are imported once, in one transaction (so a crash
// mid-import leaves nothing half done: the next start imports again), then moved aside to
// `json-before-db/` (kept, never deleted). Ids continue where they were: the counters start after
// the highest id of each collection.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COLLECTIONS, COUNTERS, type Collection } from './collections';
import type { StoreForImport as Store } from './types';

export const JSON_ASIDE_DIR = 'json-before-db';
const IMPORTED_FLAG = 'imported-json';

type AnyRecord = { id: number | string } & Record<string, unknown>;

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined; // absent, or torn by a crash of the old format: nothing to import
  }
}

const maxNumericId = (records: AnyRecord[]) => records.reduce((max, r) => (typeof r.id === 'number' ? Math.max(max, r.id) : max), 0);

/** What each legacy file holds, and where it goes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each reader narrows its own legacy file
const LEGACY: Record<string, (store: Store, value: any) => void> = {
  'compilers-submissions': (store, value: { nextId?: number; items?: Record<string, AnyRecord>; pool?: number | null }) => {
    const records = Object.values(value.items ?? {});
    putAll(store, COLLECTIONS.compilersSubmissions, records);
    store.setMeta(`next:${COUNTERS.compilersSubmission}`, Math.max(value.nextId ?? 1, maxNumericId(records) + 1));
    store.setMeta('compilers-pool', value.pool ?? null);
  },
  'problems-problems': (store, value: AnyRecord[]) => putAll(store, COLLECTIONS.problemsProblems, value),
  'problems-judges': (store, value: AnyRecord[]) => putAll(store, COLLECTIONS.problemsJudges, value),
  'problems-submissions': (store, value: AnyRecord[]) => putAll(store, COLLECTIONS.problemsSubmissions, value),
  'problems-meta': (store, value: Record<string, unknown>) => store.setMeta('problems-meta', value),
  'containers-submissions': (store, value: AnyRecord[]) => {
    putAll(store, COLLECTIONS.containersSubmissions, value);
    store.setMeta(`next:${COUNTERS.containersSubmission}`, maxNumericId(value) + 1);
  },
  'containers-workspaces': (store, value: AnyRecord[]) => putAll(store, COLLECTIONS.containersWorkspaces, value),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection: the records are copied as they are
function putAll(store: Store, collection: Collection<any>, records: unknown): void {
  if (!Array.isArray(records)) return;
  const table = store.table(collection);
  for (const record of records) table.put(record);
}

/** Imports the legacy JSON files of `store.root`, once; returns the names imported. */
export function importJsonCollections(store: Store): string[] {
  const present = Object.keys(LEGACY).filter((name) => fs.existsSync(path.join(store.root, `${name}.json`)));
  if (present.length === 0) return [];
  const imported = store.getMeta<boolean>(IMPORTED_FLAG, false) ? [] : present;
  if (imported.length) {
    store.transaction(() => {
      for (const name of imported) {
        const value = readJson(path.join(store.root, `${name}.json`));
        if (value !== undefined) LEGACY[name](store, value);
      }
      store.setMeta(IMPORTED_FLAG, true);
    });
  }
  // Imported now or by a start that stopped before this step: out of the way, kept.
  const aside = store.dirFor(JSON_ASIDE_DIR);
  for (const name of present) fs.renameSync(path.join(store.root, `${name}.json`), path.join(aside, `${name}.json`));
  return imported;
}
