// A tree a hostile program leaves (issue 36): a chain of folders deeper than PATH_MAX (`levels`
// names of 200 characters: 25 make 5 KB, past Linux's 4096), files and a link to / at the bottom,
// every fifth folder mode 000. Built and inspected by bash `cd`s, relative steps that no path limit
// stops, so the test does not lean on the code it checks.
import { execFileSync } from 'node:child_process';

const NAME = 'd'.repeat(200);

/** The bash script that builds the chain in the current folder (also what a hostile program runs). */
export function deepChainScript(opts: { levels: number; files: number; fileBytes?: number }): string {
  return `set -e
for i in $(seq ${opts.levels}); do mkdir ${NAME}; cd ${NAME}; done
for i in $(seq ${opts.files}); do head -c ${opts.fileBytes ?? 4096} /dev/zero > "f$i"; done
ln -s / to-root
for i in $(seq ${opts.levels}); do cd ..; if [ $((i % 5)) = 0 ]; then chmod 000 ${NAME}; fi; done
`;
}

export function makeDeepChain(top: string, opts: { levels: number; files: number; fileBytes?: number }): void {
  execFileSync('bash', ['-c', `mkdir -p "$1" && cd "$1" && ${deepChainScript(opts)}`, 'bash', top]);
}

/** How many folders of the chain under `top` lack owner rwx (walked with relative `cd`s, as root). */
export function closedFolders(top: string): number {
  const script = `
cd "$1" || exit 1
n=0
while [ -d ${NAME} ]; do
  m=$(stat -c %a ${NAME}); [ $(( 0$m & 0700 )) = $(( 0700 )) ] || n=$((n + 1))
  cd ${NAME} || break
done
echo $n`;
  return Number(execFileSync('bash', ['-c', script, 'bash', top], { encoding: 'utf8' }).trim());
}

/** Test clean-up that leans on nothing of ours: GNU chmod -R and rm -rf walk by descriptor too. */
export function removeAnyTree(top: string): void {
  execFileSync('bash', ['-c', 'chmod -R u+rwx -- "$1" 2>/dev/null; rm -rf -- "$1"', 'bash', top]);
}

/**
 * Python: 128 files opened and unlinked at once, then 32 of them filled to 12 MB with
 * posix_fallocate (384 MB held, each below a 16 MiB output limit), held `seconds`, then SURVIVED.
 * A failed allocation is printed, not raised: the program must not end in error on its own.
 */
export function heldFilesProgram(seconds: number): string {
  return `import os, time
fds = []
for i in range(128):
    fd = os.open('held%d' % i, os.O_RDWR | os.O_CREAT, 0o600)
    os.unlink('held%d' % i)
    fds.append(fd)
try:
    for fd in fds[:32]:
        os.posix_fallocate(fd, 0, 12 * 1024 * 1024)
    print('filled', flush=True)
except OSError as e:
    print('allocation failed:', e, flush=True)
time.sleep(${seconds})
print('SURVIVED')
`;
}
