// The local emulator inside the extension: "Start Local Emulator" and "Stop Local Emulator". The
// emulator itself is a separate bundle (dist/emulator.js) run as a child process: nothing of it is
// loaded, and the controller is not created, before one of the commands runs, or before a window
// that opens on the emulator profile finds its emulator gone (not-running.ts starts it or offers to).
import type { Services } from '../../services';
import { Commands, registerCommand } from '../../ui/commands';
import type { ConnectionFeature } from '../connection';
import type { EmulatorController } from './controller';
import { sayWhichEmulatorAfterReload, whenEmulatorFoundStopped } from './not-running';

declare module '../../test-api' {
  interface TestHooks {
    localEmulator: LocalEmulatorTestApi;
  }
}

/** Test hooks under exports.localEmulator: plain data, never the token. */
export interface LocalEmulatorTestApi {
  /** The emulator this window uses, if any. */
  state(): { origin: string; pid: number; reused: boolean; dataDir: string } | undefined;
  /** Where its instance file and data live, and the bundle it starts (for a second "window"). */
  paths(): { storageDir: string; script: string };
  statusBar(): { visible: boolean; text: string; tooltip: string } | undefined;
  /**
   * What a window does when it opens (after a reload) on the emulator profile: checks that its
   * emulator still runs and, when it does not, starts it or offers to. True when it was gone.
   */
  checkAsOnOpen(): Promise<boolean>;
}

export function registerLocalEmulatorFeature(services: Services, connection: ConnectionFeature): void {
  let controller: EmulatorController | undefined;
  const get = (): EmulatorController => {
    // Loaded and built on the first command only: activation creates no status bar item, reads no
    // file, and (bundled) does not even parse the controller (esbuild.js makes it a file of its own).
    if (!controller) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { EmulatorController: Controller } = require('./controller') as typeof import('./controller');
      controller = new Controller(services, (origin, token) => connection.signInToEmulator(origin, token));
    }
    return controller;
  };
  void services.connection.ready.then(() => (services.connection.emulatorFoundStopped ? whenEmulatorFoundStopped(services) : undefined));
  void services.connection.ready.then(() => sayWhichEmulatorAfterReload(services.connection));
  services.context.subscriptions.push(
    registerCommand(Commands.startLocalEmulator, () => get().start()),
    registerCommand(Commands.stopLocalEmulator, () => get().stop()),
    // Closing the window (or disabling the extension) stops the emulator it started.
    { dispose: () => controller?.dispose() },
  );
  const api: LocalEmulatorTestApi = {
    state: () => {
      const running = controller?.current();
      return running && { origin: running.origin, pid: running.pid, reused: running.reused, dataDir: running.dataDir };
    },
    paths: () => ({ storageDir: get().storageDir, script: get().script }),
    statusBar: () => controller?.statusBarSnapshot(),
    checkAsOnOpen: async () => {
      const gone = await services.connection.checkEmulator();
      if (gone) await whenEmulatorFoundStopped(services);
      return gone;
    },
  };
  if (services.testHooks) services.testHooks.localEmulator = api;
}
