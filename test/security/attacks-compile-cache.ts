// The compile cache (issue 30 part 1) against a run that tampers with its compiled program: the
// same C source submitted again is served from the cache, so a run that replaces, rewrites or
// chmods its binary (and looks for the cache's copy) must leave the next submission running the
// program as compiled. Each run prints what it found and tried; the second must print the same.
import * as assert from 'node:assert/strict';
import type { Attack } from './attack';
import { submit } from './compilers-submit';

const C = 11;
const ACCEPTED = 15;

// Prints "original", then execs a shell (so the binary is no longer running text and may be
// written), which overwrites the binary's first bytes in place (through whatever name or link the
// run got it by), makes it writable first if it can, then replaces it with a script of the same
// name, and looks for any other file named prog in the places it can write or list (each file
// system on its own: the sandbox's root, the run directory, /tmp, /dev/shm).
const TAMPER = String.raw`#include <stdio.h>
#include <unistd.h>
int main(void) {
  puts("original");
  fflush(stdout);
  execl("/bin/sh", "sh", "-c",
        "chmod u+w prog 2>/dev/null; printf TAMPERED 1<>prog && echo 'rewrote its own copy';"
        "rm -f prog && printf '#!/bin/sh\\necho TAMPERED\\n' > prog && chmod 755 prog && echo 'replaced its own copy';"
        "find / /sandbox /tmp /dev/shm -xdev -name prog -type f 2>/dev/null | grep -v '^/sandbox/prog$' | sed 's/^/OTHER COPY: /'; true",
        (char *)0);
  return 1;
}
`;

export const attacks: Attack[] = [
  {
    name: 'a run that rewrites, chmods and replaces its compiled binary leaves the cached program of the next identical submission intact (issue 30)',
    async run(emu) {
      const compilers = (await (await fetch(`${emu.origin}/compilers/api/v4/compilers?access_token=${encodeURIComponent(emu.token)}`)).json()) as { items: Array<{ id: number }> };
      assert.ok(
        compilers.items.some((c) => c.id === C),
        'this attack needs the C compiler (gcc) on the machine',
      );
      const texts: string[] = [];
      for (const round of [1, 2, 3]) {
        const f = await submit(emu, C, TAMPER);
        texts.push(...f.texts);
        assert.equal(f.status, ACCEPTED, `round ${round}: status ${f.status}: ${f.output}`);
        assert.match(f.output, /^original\n/, `round ${round} ran the program as compiled: ${f.output}`);
        assert.doesNotMatch(f.output, /TAMPERED|OTHER COPY/, `round ${round}: ${f.output}`);
        assert.match(f.output, /replaced its own copy/, `round ${round} could tamper with its own copy: ${f.output}`);
      }
      return texts;
    },
  },
];
