// Standing in for the person at a prompt. The extension host hands the extension and its tests
// the same `vscode` object, so a function replaced on `vscode.window` is the one the extension
// calls too. Every replacement returns its undo: call it in a `finally` or an `after` hook.

/** Replaces `target[name]` with `fake` until the returned function is called. */
export function replace<T extends object, K extends keyof T>(target: T, name: K, fake: T[K]): () => void {
  const original = target[name];
  target[name] = fake;
  return () => {
    target[name] = original;
  };
}
