// The extension's test API: what activate() returns to its own tests (ExtensionMode.Test) and to
// nothing else (src/surface.ts). Each feature adds its hooks under its name by augmenting
// `TestHooks` beside its own `…TestApi` interface:
//
//   declare module '../../test-api' { interface TestHooks { problems: ProblemsTestApi } }
//
// so this file names no feature (no import cycle through services.ts), and host tests get every
// hook typed from one import: `import type { ExtensionTestApi } from '../../src/test-api'`.
//
// Outside Test mode there is no registry at all (`services.testHooks` is undefined): features
// build their hooks, and keep the buffers hooks read (output texts, events seen), only when it exists.

/** Every feature's hooks by name; each feature adds its entry (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TestHooks {}

/** What activate() returns under the extension's tests: every feature's hooks. */
export type ExtensionTestApi = TestHooks;

/** The registry features fill, or undefined outside ExtensionMode.Test (nothing is allocated then). */
export function createTestHooks(testMode: boolean): Partial<TestHooks> | undefined {
  return testMode ? {} : undefined;
}
