// The contract between the adversarial suite (test/security/) and the attack modules that feed it.
// An attack module exports `attacks: Attack[]`; test/security/attacks.test.ts runs every attack
// against a fresh emulator process started as root AND as an unprivileged user, with a marker file
// planted outside the data directory, and after each attack asserts the marker was neither read
// (its content appears nowhere in what the attack got back: the attack returns everything it
// received) nor written (content and mtime unchanged, no new file beside it).
export interface EmulatorUnderAttack {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The write token and the read-only token of this emulator. */
  token: string;
  readOnlyToken: string;
  dataDir: string;
  user: 'root' | 'unprivileged';
}

export interface Marker {
  /** An absolute path outside the data directory, readable and writable by the emulator's user. */
  path: string;
  content: string;
  /** The marker's folder: nothing new may appear in it. */
  dir: string;
}

export interface Attack {
  /** What the attacker tries, e.g. "output_filenames through a link to /" (issue 26 item 3). */
  name: string;
  /**
   * Runs the attack. Asserts (throws) that the emulator refused it in the documented way (status,
   * error code, verdict). Returns every text/bytes the attacker got back (bodies, streams, unpacked
   * output files) so the suite can check the marker's content is in none of them.
   */
  run(emu: EmulatorUnderAttack, marker: Marker): Promise<Array<string | Uint8Array>>;
}
