// Whether a process exists, for the emulator's records of other processes (a data directory's lock,
// a private folder's owner): kill(pid, 0) says so without signalling; EPERM means it exists but
// belongs to another user.
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
