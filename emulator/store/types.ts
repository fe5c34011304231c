// What the legacy JSON import (migrate-json.ts) needs of the Store (index.ts), as an interface of
// its own: the Store calls the import while it opens, so the import may not import the Store back
// (test/unit/layering.test.ts forbids cycles, type-only ones too).
import type { Collection } from './collections';
import type { Table } from './table';

export interface StoreForImport {
  readonly root: string;
  dirFor(...parts: string[]): string;
  table<T>(collection: Collection<T>): Table<T>;
  getMeta<T>(key: string, fallback: T): T;
  setMeta<T>(key: string, value: T): void;
  transaction<R>(fn: () => R): R;
}
