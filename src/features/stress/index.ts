// The stress test feature: one command (editor title menu on a source file, palette) and a
// test hook with the last result.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Commands, registerCommand } from '../../ui/commands';
import { stressPollMs, stressTest, type StressOptions, type StressReport } from './command';
import { saveShownFailure, ShownFailures } from './shown-failures';

declare module '../../test-api' {
  interface TestHooks {
    stress: StressTestApi;
  }
}

export interface StressTestApi {
  lastReport(): StressReport | undefined;
  /** The interval a session started now would poll at (faster on the emulator this window started). */
  pollMs(): number;
}

export function registerStressFeature(services: Services): void {
  // command.ts keeps the last report in `last`.
  const hook: StressTestApi & { last?: StressReport } = { lastReport: () => hook.last, pollMs: () => stressPollMs(services) };
  if (services.testHooks) services.testHooks.stress = hook;
  const shown = new ShownFailures();
  services.context.subscriptions.push(
    shown,
    registerCommand(Commands.stressTest, (target?: unknown, options?: unknown) => {
      const isOptions = (v: unknown): v is StressOptions => !!v && typeof v === 'object' && !(v instanceof vscode.Uri) && !Array.isArray(v);
      return isOptions(target) ? stressTest(services, shown, undefined, target) : stressTest(services, shown, target, isOptions(options) ? options : {});
    }),
    registerCommand(Commands.stressSaveAsTest, (target?: unknown) => saveShownFailure(shown, target)),
  );
}
