// One value kept in a VS Code Memento (globalState or workspaceState), held in memory once loaded.
// Every store of the extension is built on it (submission history, remembered choices, profiles)
// because reading the memento on every call lost writes: two updates in quick succession each
// read the same old value and the second overwrote the first, and VS Code may hand a window an
// older copy of its own globalState for a moment (microsoft/vscode#171827). Here reads come from
// the in-memory copy, each change is applied to it at once (so none is lost) and written in order.
// Windows share globalState without an event: follow() (called when the window gets the focus,
// src/ui/window-focus.ts) adopts what another window stored, never an old copy of our own.
// No vscode here: a two-method Memento is enough, so unit tests pass a Map.

/** The part of vscode.Memento a store needs. */
export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

/** A parse for stores that keep one record: anything else stored reads as empty. */
export function asRecord<V>(raw: unknown): Record<string, V> {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, V>) : {};
}

/** How many of its own writes a store remembers, to tell an old copy of its own from another window's change. */
const OWN_WRITES_KEPT = 20;

export class MementoStore<T> {
  private current: T;
  /** JSON of the values this window read or wrote, newest last (bounded). */
  private readonly own: string[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  /**
   * @param parse turns what the memento holds (anything, or undefined) into a value; it decides the
   * default. Called once here and again for each value another window stored.
   */
  constructor(
    private readonly memento: MementoLike,
    private readonly key: string,
    private readonly parse: (raw: unknown) => T,
  ) {
    const raw = memento.get<unknown>(key);
    this.current = parse(raw);
    this.remember(raw);
  }

  /** The value as this window knows it (never re-read from the memento). */
  get value(): T {
    return this.current;
  }

  /**
   * Changes the value: `change` sees every earlier change, including those not yet written, and
   * the writes reach the memento in the order they were made. Settles once this one is written.
   */
  update(change: (current: T) => T): Promise<void> {
    const next = change(this.current);
    this.current = next;
    this.remember(next);
    this.fire();
    const write = this.writing.then(() => this.memento.update(this.key, next));
    // A failed write does not stop the later ones (each caller sees its own failure).
    this.writing = write.then(
      () => undefined,
      () => undefined,
    );
    return write;
  }

  /** Replaces the value (update with a constant). */
  set(value: T): Promise<void> {
    return this.update(() => value);
  }

  /**
   * What another window stored since this one last read or wrote, or undefined when the memento
   * holds nothing new (an old copy of a value this window wrote counts as nothing new). Not adopted.
   */
  storedElsewhere(): T | undefined {
    const raw = this.elsewhere();
    return raw === undefined ? undefined : this.parse(raw);
  }

  /** Adopts what another window stored, if anything (then fires onDidChange); true when it did. */
  follow(): boolean {
    const raw = this.elsewhere();
    if (raw === undefined) return false;
    this.current = this.parse(raw);
    this.remember(raw);
    this.fire();
    return true;
  }

  /** Called after every change, made here or followed from another window. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The memento's value when neither this window's read nor one of its writes put it there. */
  private elsewhere(): unknown {
    const raw = this.memento.get<unknown>(this.key);
    return raw === undefined || this.own.includes(JSON.stringify(raw)) ? undefined : raw;
  }

  private remember(value: unknown): void {
    if (value === undefined) return;
    this.own.push(JSON.stringify(value));
    if (this.own.length > OWN_WRITES_KEPT) this.own.shift();
  }

  private fire(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
