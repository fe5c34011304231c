// Every process group the runner started, so none outlives the emulator: groups are killed on
// abort/close by the runner, and synchronously here if the Node process exits anyway.
const live = new Set<number>();

export function trackGroup(pgid: number): void {
  live.add(pgid);
}

export function untrackGroup(pgid: number): void {
  live.delete(pgid);
}

/** SIGKILL to the whole group; a group that is already gone is fine. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

process.on('exit', () => {
  for (const pgid of live) killGroup(pgid);
});
