// The one "Sphere Engine" log channel. Every line goes through the api layer's `redact()`,
// so an access token cannot reach the Output panel or the log file on disk even if a caller
// forgets to mask it.
import * as vscode from 'vscode';
import { redact } from '../api';

export interface Log {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
  show(): void;
}

export const LOG_CHANNEL_NAME = 'Sphere Engine';

export function createLog(): Log & vscode.Disposable {
  const channel = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  return {
    trace: (message) => channel.trace(redact(message)),
    debug: (message) => channel.debug(redact(message)),
    info: (message) => channel.info(redact(message)),
    warn: (message) => channel.warn(redact(message)),
    error: (message) => channel.error(redact(describe(message))),
    show: () => channel.show(true),
    dispose: () => channel.dispose(),
  };
}

function describe(value: string | Error): string {
  if (typeof value === 'string') return value;
  return value.stack ?? `${value.name}: ${value.message}`;
}
