// Records errors that escape every handler (uncaughtException, unhandledRejection) while a test
// runs: an API call must reject cleanly and leave nothing behind that would crash a host process.
export interface UncaughtWatch {
  readonly errors: unknown[];
  /** Lets pending stream events fire, stops listening and returns what escaped. */
  stop(): Promise<unknown[]>;
}

export function watchUncaught(): UncaughtWatch {
  const errors: unknown[] = [];
  const record = (err: unknown) => errors.push(err);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    errors,
    async stop() {
      // A destroyed stream reports its error on a later tick; give those ticks a chance.
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 50));
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
      return errors;
    },
  };
}

/** Messages of recorded errors, for an assertion that reads well when it fails. */
export const messages = (errors: unknown[]) => errors.map((e) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)));
