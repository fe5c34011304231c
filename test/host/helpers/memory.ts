// In-memory stand-ins for what VS Code gives an extension (SecretStorage, a Memento) and a log
// that records its lines: for host tests that build a Connection of their own, so the
// extension's real secrets and state are left alone.
import * as vscode from 'vscode';
import type { Log } from '../../../src/ui/log';

export class MemorySecrets implements vscode.SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;
  async get(key: string) {
    return this.values.get(key);
  }
  async store(key: string, value: string) {
    this.values.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string) {
    this.values.delete(key);
    this.changed.fire({ key });
  }
  async keys() {
    return [...this.values.keys()];
  }
}

export class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys() {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined;
  }
  async update(key: string, value: unknown) {
    this.values.set(key, value);
  }
}

export function recordingLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string | Error) => lines.push(`${level} ${String(message)}`);
  return { lines, trace: record('trace'), debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), show: () => undefined };
}
