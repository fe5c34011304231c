// activate(): build the shared services once, hand them to each feature, return the test hooks
// (to the extension's own tests only: src/surface.ts).
// Kept cheap on purpose (no network, no file scans): clients are created when first used.
import type * as vscode from 'vscode';
import { registerCompilersFeature } from './features/compilers';
import { registerConnectionFeature } from './features/connection';
import { registerContainersFeature } from './features/containers';
import { registerLocalEmulatorFeature } from './features/emulator';
import { registerJudgeManyFeature } from './features/judge-many';
import { registerSimilarityFeature } from './features/similarity';
import { showContainersTestsInTestingView } from './features/containers-tests-in-testing-view';
import { registerProblemsFeature } from './features/problems';
import { registerStressFeature } from './features/stress';
import { registerWalkthroughFeature } from './features/walkthrough';
import { createServices } from './services';
import { exportsFor } from './surface';
import { registerReadonlyTexts } from './ui/readonly-text';
import { commandsWaitFor } from './ui/commands';

declare module './test-api' {
  interface TestHooks {
    activation: ActivationInfo;
  }
}

export interface ActivationInfo {
  /** Milliseconds spent in activate(), as measured by performance.now(). */
  activationMs: number;
}

export function activate(context: vscode.ExtensionContext): Record<string, unknown> | undefined {
  const started = performance.now();
  const services = createServices(context);
  // Every command waits for the profiles and tokens to be loaded (ui/command-gate.ts), and for a
  // start of the local emulator under way (connection/emulator-start.ts).
  commandsWaitFor(services.connection.ready, () => services.connection.settled());
  context.subscriptions.push(registerReadonlyTexts());
  const connection = registerConnectionFeature(services);
  registerCompilersFeature(services);
  const containers = registerContainersFeature(services);
  const problems = registerProblemsFeature(services);
  registerWalkthroughFeature(services);
  registerLocalEmulatorFeature(services, connection);
  const similarity = registerSimilarityFeature(services);
  registerJudgeManyFeature(services, containers.submissionHistory, similarity.latest);
  registerStressFeature(services);
  context.subscriptions.push(showContainersTestsInTestingView(services.events, problems));

  const activationMs = performance.now() - started;
  services.log.info(`activated in ${activationMs.toFixed(1)} ms`);
  const activation: ActivationInfo = { activationMs };
  if (services.testHooks) services.testHooks.activation = activation;
  return exportsFor(context.extensionMode, services.testHooks);
}

export function deactivate(): void {}
