// What every command of the extension waits for before its handler runs: the connection's `ready`
// (profiles and tokens loaded, a local emulator that is gone forgotten; no question to the person,
// bounded in time). Run as the first thing after the window opened, a command otherwise read the
// endpoints as unset, and each flow added its own `await connection.ready` after the fact; with
// the gate at registration (ui/commands.ts) a new command cannot forget it.
// The connection's loading runs none of our commands (only VS Code's setContext): waiting here
// cannot deadlock it.

/** A handler that runs once `gate` has settled; a gate that fails does not stop the command. */
export function afterGate<Args extends unknown[], Result>(gate: () => PromiseLike<unknown>, handler: (...args: Args) => Result): (...args: Args) => Promise<Awaited<Result>> {
  return async (...args: Args): Promise<Awaited<Result>> => {
    await Promise.resolve(gate()).then(undefined, () => undefined);
    return await (handler(...args) as Awaited<Result>);
  };
}
