// The objects every feature shares, built once in activate() and handed to each feature.
// Nothing here touches the network: clients are created on first use (see Connection).
import * as vscode from 'vscode';
import { createTestHooks, type TestHooks } from './test-api';
import { SharedEvents } from './events';
import { Connection } from './connection/connection';
import { emulatorEnvRefusal, readEmulatorEnv } from './connection/emulator-env';
import { TokenStore } from './connection/token-store';
import { createLog, type Log } from './ui/log';
import { RecentSourceFile } from './ui/source-file';

export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: Log;
  /** Endpoints, tokens and api clients of the three modules. */
  readonly connection: Connection;
  /** The source file a command acts on when none is given (the active one, the last one, or asked). */
  readonly sourceFile: RecentSourceFile;
  /** What one feature tells the others (a finished submission, a walkthrough milestone). */
  readonly events: SharedEvents;
  /**
   * The test hooks activate() returns when the extension runs under its tests (src/test-api.ts),
   * undefined in every other mode: then features build no hooks and keep no buffer for them.
   * Features add their hooks under their name: plain functions and data only, never a live
   * feature object (a tree, a model, `services`), from which the context, the token store or a
   * token could be reached (test/host/zz-secrets.test.ts).
   */
  readonly testHooks?: Partial<TestHooks>;
}

export function createServices(context: vscode.ExtensionContext): Services {
  const log = createLog();
  const tokens = new TokenStore(context.secrets);
  const refused = emulatorEnvRefusal();
  if (refused) log.warn(refused);
  const connection = new Connection(tokens, context.globalState, log, readEmulatorEnv());
  // Created with the services, so it has seen every editor the person worked in before a command asks.
  const sourceFile = new RecentSourceFile();
  const events = new SharedEvents();
  context.subscriptions.push(log, tokens, connection, sourceFile, events);
  return { context, log, connection, sourceFile, events, testHooks: createTestHooks(context.extensionMode === vscode.ExtensionMode.Test) };
}
