# The python3 supervisor that runs one program where the C one (./supervisor.c, the same job
# and report) could not be compiled (no cc). It is passed inline (`python3 -c`) so it is
# visible inside the sandbox whatever is mounted. Why python: os.wait4 gives the kernel's exact
# peak memory and CPU time of the program, which Node cannot read for its children.
#
# Protocol: argv[1] is a JSON config {argv, env, timeLimitMs, wallLimitMs, wallCapMs, memoryLimitKb, dataLimitKb,
# fsizeBytes, maxProcesses, resultFd, ownPidNamespace, dropTo?, tasks?, disk?}. dropTo {uid, gid}: the program runs as
# these ids with an empty bounding set (the emulator is root: ./sandbox.ts), tasks its RLIMIT_NPROC. disk {tmp, tmpBytes,
# bytes, entries}: what the run may add to its run directory (the cwd) and to /tmp before it is
# killed with diskExceeded. Descriptors 0/1/2 and the judges' extra fds are already
# open (inherited from Node). The supervisor forks the program in its own process group, becomes
# a child subreaper (so orphans stay in its tree), samples the tree every 20 ms, kills the whole
# tree on a limit, and writes one JSON line to resultFd:
# {started: pid} first, then {exitCode, signal, timedOut, memoryExceeded, processLimitExceeded,
# diskExceeded, cpuSec, wallSec, memoryKb, endedAt, inputEnded, error?}. watchInput (optional): a named
# pipe, the program's input; inputEnded says whether every writer had closed it when the program
# ended (None without it). An interactive run's judge writes that pipe.
#
# Time (the same rules as the C supervisor): timeLimitMs is CPU time, user + system, of the program
# and every process it starts: the rusage of every process reaped (RUSAGE_CHILDREN, which holds what
# those reaped in turn) plus utime+stime+cutime+cstime of the live ones, read in the tree walk. At the
# end every process is reaped (we are their subreaper) and RUSAGE_CHILDREN is exact. wallLimitMs is
# a guard for programs that sleep or block (3 x the limit + 1 s unless given); both read as timedOut.
# The guard does not count time the run spent waiting for a CPU (a busy machine: note_cpu_waits);
# wallCapMs (10 x the guard unless given) bounds the plain wall time whatever the reason.
# RLIMIT_CPU, a second past the limit, backs up each process should this supervisor be starved.
# Memory: RLIMIT_DATA (dataLimitKb) fails an allocation over the limit when it is made; it counts
# writable private memory, not PROT_NONE reservations, so runtimes that reserve address space (JVM,
# Go) still start, where RLIMIT_AS would refuse them. The stack gets the hard limit (unlimited as a
# rule), bounded by the memory limit as problemtools does: an RLIMIT_STACK as large as the limit
# would become every thread's default stack (glibc, libuv), which RLIMIT_DATA then refuses.
import os, sys, json, time, signal, resource, stat as _stat
cfg = json.loads(sys.argv[1])
rfd = cfg['resultFd']
def emit(obj):
    try: os.write(rfd, (json.dumps(obj) + '\n').encode())
    except OSError: pass  # Node is gone; the run is already cleaned up
try:
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
except Exception:
    pass
me = os.getpid()
# The supervisor must win the CPU against a fork bomb: real-time priority where allowed (root),
# with reset-on-fork so the program itself runs at normal priority.
try:
    os.sched_setscheduler(0, os.SCHED_FIFO | os.SCHED_RESET_ON_FORK, os.sched_param(1))
except Exception:
    pass
# RLIMIT_NPROC. A program that switches to a user of its own (dropTo) is given its cap (tasks): the
# kernel counts that user's tasks alone. Not root: the limit counts all our processes, so allow what
# we have plus the run's share. Root keeping its ids: no limit binds it (--sandbox none).
def nproc_cap():
    if cfg.get('dropTo'): return cfg.get('tasks')
    if os.getuid() == 0: return None
    mine = 0
    for name in os.listdir('/proc'):
        try:
            if name.isdigit() and os.stat('/proc/' + name).st_uid == os.getuid(): mine += 1
        except OSError: pass
    return mine + cfg.get('maxProcesses', 64) + 8
nproc = nproc_cap()
def own_rss_kb():
    with open('/proc/self/statm') as f: return int(f.read().split()[1]) * (os.sysconf('SC_PAGE_SIZE') // 1024)
# The forked child starts as a copy of this interpreter, and the kernel's ru_maxrss remembers that
# footprint across exec: a limit is judged on ru_maxrss only above it.
baseline_kb = own_rss_kb()
disk = cfg.get('disk') or None
run_dir = os.getcwd()
DISK_MAX_DEPTH = 256
def open_dir_at(parent, name):
    # A folder the program made unreadable is opened up first (its owner may; a root supervisor
    # reads it anyway), through an O_PATH descriptor of the folder itself, never through a link.
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    try:
        return os.open(name, flags, dir_fd=parent)
    except PermissionError:
        p = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent)
        try:
            os.chmod('/proc/self/fd/%d' % p, 0o700)
            return os.open('/proc/self/fd/%d' % p, os.O_RDONLY | os.O_DIRECTORY)
        finally:
            os.close(p)
def dir_usage():
    # Bytes and entries under the run directory, links never followed, every folder opened
    # relative to its open parent (never by a path: a chain deeper than PATH_MAX is counted like
    # any other, issue 36). One descriptor per level: deeper than DISK_MAX_DEPTH counts as over.
    total = 0; count = 0; too_deep = False
    stack = [(os.open('.', os.O_RDONLY | os.O_DIRECTORY), None)]
    try:
        while stack and count <= 4 * disk['entries']:
            fd, it = stack[-1]
            if it is None:
                it = iter(os.scandir(fd)); stack[-1] = (fd, it)
            e = next(it, None)
            if e is None:
                os.close(fd); stack.pop(); continue
            count += 1
            try:
                st = os.stat(e.name, dir_fd=fd, follow_symlinks=False)
            except OSError:
                continue
            total += st.st_blocks * 512
            if not _stat.S_ISDIR(st.st_mode): continue
            if len(stack) >= DISK_MAX_DEPTH:
                too_deep = True; break
            try:
                stack.append((open_dir_at(fd, e.name), None))
            except OSError:
                continue
    finally:
        for fd, _ in stack: os.close(fd)
    return total, count, too_deep
def tmp_usage():
    try:
        s = os.statvfs(disk['tmp'])
        return (s.f_blocks - s.f_bfree) * s.f_frsize, s.f_files - s.f_ffree
    except (OSError, TypeError):
        return 0, 0
def fs_used():
    # Used bytes of the run directory's whole file system: the measure of last resort (held_usage).
    s = os.statvfs('.')
    return (s.f_blocks - s.f_bfree) * s.f_frsize
run_dev = os.stat('.').st_dev
def held_usage(procs):
    # Space held by files the program unlinked but keeps open counts too (issue 36): regular files
    # of the run directory's device with no link left, from /proc/<pid>/fd, each inode once. A held
    # file that cannot be sized (descriptors hidden by PR_SET_DUMPABLE 0, a deleted file kept only
    # by a mapping) makes it unknown: the file system's own growth is then the measure.
    seen = set(); total = 0; unknown = False
    for p in procs:
        try:
            names = os.listdir('/proc/%d/fd' % p)
        except (FileNotFoundError, ProcessLookupError):
            continue
        except OSError:
            unknown = True; continue
        for n in names:
            try:
                st = os.stat('/proc/%d/fd/%s' % (p, n))
            except OSError:
                continue
            if _stat.S_ISREG(st.st_mode) and st.st_nlink == 0 and st.st_dev == run_dev and st.st_ino not in seen:
                seen.add(st.st_ino); total += st.st_blocks * 512
    for p in procs:
        if unknown: break
        try:
            with open('/proc/%d/maps' % p, 'rb') as f: lines = f.read().splitlines()
        except (FileNotFoundError, ProcessLookupError):
            continue
        except OSError:
            unknown = True; continue
        for line in lines:
            if not line.endswith(b' (deleted)'): continue
            fields = line.split(None, 5)
            if len(fields) < 6 or fields[5].startswith((b'/memfd:', b'/dev/shm/', b'/SYSV')): continue
            if int(fields[4]) and int(fields[4]) not in seen:
                unknown = True; break
    return total, unknown
disk_base = dir_usage() if disk else (0, 0, False)
fs_base = fs_used() if disk else 0
tmp_base = tmp_usage() if disk and disk.get('tmp') else (0, 0)
def disk_over(procs=()):
    # procs: the run's live processes (none once the run is over: nothing is held then).
    if not disk: return False
    used, entries, too_deep = dir_usage()
    held, unknown = held_usage(procs) if procs else (0, False)
    if too_deep: return True
    if used + held - disk_base[0] > disk['bytes'] or entries - disk_base[1] > disk['entries']: return True
    if unknown and fs_used() - fs_base > disk['bytes']: return True
    if disk.get('tmp'):
        used, entries = tmp_usage()
        # The tmpfs refuses writes past its size: nearly full means the program hit it.
        if used - tmp_base[0] >= min(disk['bytes'], disk['tmpBytes'] * 0.98) or entries - tmp_base[1] > disk['entries']: return True
    return False
# Closed by a successful exec (close-on-exec): tells us when the program itself starts.
exec_r, exec_w = os.pipe()
# A reader that never reads, opened before the program starts (one opened after the last writer
# left would never see POLLHUP); os.open's descriptors are not inherited across exec.
watch_fd = None
if cfg.get('watchInput'):
    try: watch_fd = os.open(cfg['watchInput'], os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError: pass
t0 = time.monotonic()
try:
    pid = os.fork()
except OSError as e:
    emit({'error': 'fork failed: %s' % e}); sys.exit(0)
if pid == 0:
    try:
        os.setpgid(0, 0)
        os.close(exec_r)
        for fd in [rfd] + cfg.get('closeFds', []):
            try: os.close(fd)
            except OSError: pass
        lim = cfg.get('fsizeBytes')
        if lim:
            resource.setrlimit(resource.RLIMIT_FSIZE, (lim, lim))
        if nproc:
            resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
        if cfg['timeLimitMs']:
            sec = (cfg['timeLimitMs'] + 999) // 1000 + 1
            resource.setrlimit(resource.RLIMIT_CPU, (sec, sec + 1))
        if cfg.get('dataLimitKb'):
            resource.setrlimit(resource.RLIMIT_DATA, (cfg['dataLimitKb'] * 1024, cfg['dataLimitKb'] * 1024))
        if cfg.get('memoryLimitKb'):
            hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
            resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        drop = cfg.get('dropTo')
        if drop:
            # Never run the program as root: an empty bounding set, then the new ids (which clear
            # every capability). A failure here ends the child before exec.
            try:
                import ctypes
                libc = ctypes.CDLL(None, use_errno=True)
                for cap in range(64): libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP
            except Exception:
                pass
            os.setgroups([])
            os.setresgid(drop['gid'], drop['gid'], drop['gid'])
            os.setresuid(drop['uid'], drop['uid'], drop['uid'])
            if os.getuid() == 0 or os.geteuid() == 0: raise OSError('still root')
            try:
                # The inheritable set too (capset with every set empty: only ever a reduction).
                hdr = (ctypes.c_uint32 * 2)(0x20080522, 0)
                data = (ctypes.c_uint32 * 6)()
                libc.capset(hdr, data)
            except Exception:
                pass
        os.execvpe(cfg['argv'][0], cfg['argv'], cfg['env'])
    except Exception as e:
        os.write(2, ('cannot execute %s: %s\n' % (cfg['argv'][0], e)).encode())
    os._exit(127)
os.close(exec_w)
os.read(exec_r, 1)
os.close(exec_r)
emit({'started': pid})

# Between samples, wake up as soon as the program exits (pidfd), not at the next tick. Anything
# on the result channel (Node asks to stop, or Node itself died: EOF) ends the run at once, so an
# abort never needs to kill the sandbox from outside and nothing is orphaned.
import select
waiter = select.poll()
waiter.register(rfd, select.POLLIN | select.POLLHUP)
try:
    waiter.register(os.pidfd_open(pid), select.POLLIN)
except Exception:
    pass
aborted = False
def pause(seconds):
    global aborted
    for fd, _ in waiter.poll(seconds * 1000):
        if fd == rfd: aborted = True

tick_sec = 1.0 / os.sysconf('SC_CLK_TCK')
live_cpu = 0.0
def tree():
    # All descendants of the supervisor (pid -> rss_pages); subreaper keeps orphans here. Sets
    # live_cpu: their CPU seconds, each with the children it reaped (no longer in /proc).
    global live_cpu
    parent = {}
    for name in os.listdir('/proc'):
        if not name.isdigit(): continue
        try:
            with open('/proc/%s/stat' % name, 'rb') as f: data = f.read()
        except OSError:
            continue
        rest = data[data.rfind(b')') + 2:].split()
        if rest[0] == b'Z': continue
        parent[int(name)] = (int(rest[1]), int(rest[21]), sum(int(x) for x in rest[11:15]))
    out = {}
    ticks = 0
    changed = True
    while changed:
        changed = False
        for p, (pp, rss, t) in parent.items():
            if p not in out and (pp == me or pp in out):
                out[p] = rss; ticks += t; changed = True
    live_cpu = ticks * tick_sec
    return out

cpu_waited = 0.0
def note_cpu_waits(procs):
    # Time the run spent waiting for a CPU, which the guard leaves out (the C supervisor's
    # note_cpu_waits says why each part holds). cpu_waited: the longest time any thread of the run
    # has spent runnable but waiting (second field of /proc/<pid>/task/<tid>/schedstat, ns), the
    # largest seen kept. Returns whether a thread is runnable now (state R): the kernel adds a wait
    # only when it ends, so a runnable thread may be in a long wait not counted yet.
    global cpu_waited
    runnable = False
    for p in procs:
        try: tids = os.listdir('/proc/%d/task' % p)
        except OSError: continue
        for t in tids:
            try:
                with open('/proc/%d/task/%s/stat' % (p, t), 'rb') as f: stat = f.read()
                if stat[stat.rfind(b')') + 2:][:1] == b'R': runnable = True
                with open('/proc/%d/task/%s/schedstat' % (p, t), 'rb') as f: waited = int(f.read().split()[1]) / 1e9
            except (OSError, ValueError, IndexError):
                continue
            cpu_waited = max(cpu_waited, waited)
    return runnable

def wall_guard_passed(elapsed, procs):
    # No thread runnable and the wall time not spent waiting for a CPU reached the guard, or the
    # plain wall time the cap. Read only once the plain wall time has passed the guard: a run in
    # time pays nothing for it.
    if elapsed * 1000 < wall_ms: return False
    if elapsed * 1000 >= wall_cap_ms: return True
    runnable = note_cpu_waits(procs)
    return not runnable and (elapsed - cpu_waited) * 1000 >= wall_ms

def reaped_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime

def hwm(p):
    try:
        with open('/proc/%d/status' % p) as f:
            for line in f:
                if line.startswith('VmHWM:'): return int(line.split()[1])
    except OSError:
        pass
    return 0

page_kb = os.sysconf('SC_PAGE_SIZE') // 1024
limit_ms = cfg['timeLimitMs']; wall_ms = cfg.get('wallLimitMs') or 3 * limit_ms + 1000; wall_cap_ms = cfg.get('wallCapMs') or 10 * wall_ms; mem_limit = cfg.get('memoryLimitKb'); max_procs = cfg.get('maxProcesses', 64)
timed_out = mem_over = procs_over = disk_over_seen = False
# The walk of the run directory costs more the more it holds: at most a twentieth of the time.
# The first look waits 50 ms: most runs are over by then, and the last look after the run counts.
next_disk = time.monotonic() + 0.05
peak = 0
status = None; usage = None
def in_child_pid_namespace():
    # Inside bwrap's pid namespace, pid 1 is bwrap itself (on the host it is the init system).
    try:
        with open('/proc/1/comm') as f: return f.read().strip() == 'bwrap'
    except OSError:
        return False
# kill(-1) is only ever used where it cannot reach beyond the run: inside our own pid namespace.
own_ns = cfg.get('ownPidNamespace', False) and in_child_pid_namespace()
def kill_all():
    for _ in range(50):
        if own_ns:
            # Alone in a pid namespace: kill(-1) reaches every process but ourselves and init, at once.
            try: os.kill(-1, signal.SIGKILL)
            except OSError: pass
        try: os.killpg(pid, signal.SIGKILL)
        except OSError: pass
        procs = tree()
        for p in procs:
            try: os.kill(p, signal.SIGKILL)
            except OSError: pass
        reap()
        if not procs: return
        time.sleep(0.005)
def reap():
    global status, usage
    while True:
        try: p, st, ru = os.wait4(-1, os.WNOHANG)
        except ChildProcessError: return
        if p == 0: return
        if p == pid: status, usage = st, ru
while status is None:
    reap()
    if status is not None: break
    procs = tree()
    total = sum(procs.values()) * page_kb
    top = max([hwm(p) for p in procs] or [0])
    peak = max(peak, total, top)
    if mem_limit and (total > mem_limit or top > mem_limit):
        mem_over = True; kill_all(); break
    if len(procs) > max_procs:
        procs_over = True; kill_all(); break
    if (reaped_cpu() + live_cpu) * 1000 >= limit_ms:
        timed_out = True; kill_all(); break
    if wall_guard_passed(time.monotonic() - t0, procs):
        timed_out = True; kill_all(); break
    if disk and time.monotonic() >= next_disk:
        walk_start = time.monotonic()
        if disk_over(procs):
            disk_over_seen = True; kill_all(); break
        next_disk = time.monotonic() + max(0.05, 20 * (time.monotonic() - walk_start))
    if aborted:
        kill_all(); break
    pause(0.02 if len(procs) < 4 else 0.005)
    if aborted:
        kill_all(); break
# When the program ended, on the host's CLOCK_MONOTONIC (time.monotonic; the sandbox has no time
# namespace): an interactive run orders its two sides by it (../problems/interactive-run.ts).
ended = time.monotonic()
wall = ended - t0
# Had the other side closed the program's input by then (so the program may have ended because of it)?
input_ended = None
if watch_fd is not None:
    w = select.poll(); w.register(watch_fd, 0)
    input_ended = any(ev & select.POLLHUP for _, ev in w.poll(0))
# Background processes the program left behind never outlive the run.
kill_all()
while status is None:
    p, st, ru = os.wait4(pid, 0)
    status, usage = st, ru
# A short run may fill its budget between two walks: one more look once it is over.
if not disk_over_seen and disk_over(): disk_over_seen = True
# ru_maxrss is exact above the interpreter's footprint and an upper bound below it (a run that
# short may escape sampling), so the reported peak never understates the program.
peak = max(peak, usage.ru_maxrss)
if mem_limit and usage.ru_maxrss > max(mem_limit, baseline_kb + 1024): mem_over = True
# An allocation refused by RLIMIT_DATA ends the program its own way (a signal, an error exit): with
# its peak within an eighth of the limit, that is the limit it hit.
data_limit = cfg.get('dataLimitKb')
abnormal = os.WIFSIGNALED(status) or os.WEXITSTATUS(status) != 0
if data_limit and abnormal and peak * 8 >= data_limit * 7: mem_over = True
# Everything is reaped now: the CPU time of the whole run. A run that ended between two looks, or
# whose zombies hid their time, is judged on it too.
cpu = reaped_cpu()
if limit_ms and cpu * 1000 > limit_ms: timed_out = True
emit({
    'exitCode': os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
    'signal': os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
    'timedOut': timed_out, 'memoryExceeded': mem_over, 'processLimitExceeded': procs_over, 'diskExceeded': disk_over_seen,
    'cpuSec': cpu, 'wallSec': wall, 'memoryKb': peak, 'aborted': aborted, 'endedAt': ended, 'inputEnded': input_ended,
})
