/*
 * The supervisor that runs one program, in C: the same job, limits and report as the python3
 * supervisor (./supervisor.py, whose comments explain each step), but it starts in about a
 * millisecond where an interpreter takes 20 to 180 ms, and its own footprint (which the kernel's
 * ru_maxrss remembers across exec) is a few hundred KB instead of 8 MB. Compiled once per emulator
 * process with the system's cc (./supervisor-binary.ts); without a C compiler, python3 runs.
 *
 * Protocol: options, then `--`, then the program's argv:
 *   --result-fd N --time-ms N (CPU) --wall-ms N (guard) --wall-cap-ms N (0: 10 x the guard)
 *   --memory-kb N (0: none) --data-kb N (0: none)
 *   --fsize N --max-procs N --own-pidns 0|1
 *   --drop UID:GID --tasks N (RLIMIT_NPROC of the dropped user) --disk-tmp PATH --tmp-bytes N --disk-bytes N --disk-entries N (0: no budget)
 *   --env K=V (repeated: the program's whole environment) --announce 0|1
 *   --watch-input PATH (a named pipe, the program's input: the report says whether every writer had
 *   closed it when the program ended, as inputEnded; an interactive run's judge writes it)
 * Reports on the result fd, one JSON line each: {"started":pid} (only with --announce 1: Node needs
 * the program's group only outside a pid namespace), then the verdict
 * {exitCode, signal, timedOut, memoryExceeded, processLimitExceeded, diskExceeded, cpuSec, wallSec,
 * memoryKb, aborted, endedAt (CLOCK_MONOTONIC seconds when the program ended), inputEnded (null
 * without --watch-input)} or {"error": "..."}.
 *
 * Time is CPU time (user + system) of the whole run: every reaped process's rusage (which holds the
 * processes it reaped in turn) plus, while the run goes on, utime+stime+cutime+cstime of each live
 * process in /proc, read in the same walk that sums memory (no extra cost). At the end, with every
 * process reaped (this is their subreaper), RUSAGE_CHILDREN is exact. A wall-clock guard (--wall-ms)
 * ends programs that sleep or block; both are reported as timedOut. The guard does not count time
 * the run spent waiting for a CPU (runnable, not running: a busy machine), nor pass while a thread
 * of the run is runnable (note_cpu_waits); read only once the plain wall time has passed the guard,
 * so a run that ends in time pays nothing for it. --wall-cap-ms bounds the plain wall time whatever
 * the reason. RLIMIT_CPU backs each process up one second past the limit in case this
 * supervisor is starved.
 * Memory: RLIMIT_DATA (--data-kb) makes an allocation over the limit fail when it is made, and the
 * stack is unlimited (within that memory limit, as problemtools does): see supervisor.py for why.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SCHED_RESET_ON_FORK
#define SCHED_RESET_ON_FORK 0x40000000
#endif

extern char **environ;

static int rfd = -1;
static long time_limit_ms = 0, wall_limit_ms = 0, wall_cap_ms = 0, mem_limit_kb = 0, data_limit_kb = 0, max_procs = 64;
static long long fsize = 0;
static int own_pidns_wanted = 0, drop = 0, announce = 1;
static long tasks_cap = 0;
static uid_t drop_uid; static gid_t drop_gid;
static const char *disk_tmp = NULL;
static const char *watch_input = NULL;
static long long tmp_bytes = 0, disk_bytes = 0;
static long disk_entries = 0;
static pid_t me, pid;
static long page_kb;

static void emit(const char *text) {
  size_t n = strlen(text), off = 0;
  while (off < n) {
    ssize_t w = write(rfd, text + off, n - off);
    if (w < 0) { if (errno == EINTR) continue; return; } /* Node is gone: the run is cleaned up already */
    off += (size_t)w;
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fail_setup(const char *what) {
  char buf[512];
  snprintf(buf, sizeof buf, "{\"error\": \"%s: %s\"}\n", what, strerror(errno));
  emit(buf);
  exit(0);
}

/* RLIMIT_NPROC. A program that switches to a user of its own (--drop) is given its cap (--tasks):
   the kernel counts that user's tasks alone. Not root: the limit counts all our processes, so allow
   what we have plus the run's share. Root keeping its ids: no limit binds it (--sandbox none). */
static long nproc_cap(void) {
  if (drop) return tasks_cap;
  if (getuid() == 0) return 0;
  long mine = 0;
  DIR *d = opendir("/proc");
  if (!d) return max_procs + 8;
  struct dirent *e;
  char path[64];
  struct stat st;
  while ((e = readdir(d))) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    snprintf(path, sizeof path, "/proc/%s", e->d_name);
    if (stat(path, &st) == 0 && st.st_uid == getuid()) mine++;
  }
  closedir(d);
  return mine + max_procs + 8;
}

static long own_rss_kb(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  long size = 0, rss = 0;
  if (f) { if (fscanf(f, "%ld %ld", &size, &rss) != 2) rss = 0; fclose(f); }
  return rss * page_kb;
}

/* Bytes and entries under the run directory, links never followed. Every folder is opened relative
   to its open parent (openat/fstatat), never by a path: a chain of folders deeper than PATH_MAX is
   counted like any other (issue 36: a path walk stopped at ENAMETOOLONG and saw nothing below). One
   descriptor per level, so a tree deeper than DISK_MAX_DEPTH counts as over the budget: no program
   needs it, and the walk must not run out of descriptors. A folder the program made unreadable is
   opened up first (its owner may; a root supervisor reads it anyway). */
#define DISK_MAX_DEPTH 256
struct usage { long long bytes; long entries; int too_deep; };
static int open_dir_at(int parent, const char *name) {
  int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0 || errno != EACCES) return fd;
  /* chmod through an O_PATH descriptor of the folder itself: never through a link swapped in. */
  int p = openat(parent, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (p < 0) return -1;
  char self[64];
  snprintf(self, sizeof self, "/proc/self/fd/%d", p);
  if (chmod(self, 0700) == 0) fd = open(self, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  close(p);
  return fd;
}
static struct usage dir_usage(void) {
  struct usage u = {0, 0, 0};
  DIR *stack[DISK_MAX_DEPTH];
  int fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), top = 0;
  if (fd < 0) return u;
  if (!(stack[0] = fdopendir(fd))) { close(fd); return u; }
  top = 1;
  while (top && u.entries <= 4 * disk_entries) {
    DIR *d = stack[top - 1];
    struct dirent *e = readdir(d);
    if (!e) { closedir(d); top--; continue; }
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    u.entries++;
    struct stat st;
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    u.bytes += (long long)st.st_blocks * 512;
    if (!S_ISDIR(st.st_mode)) continue;
    if (top == DISK_MAX_DEPTH) { u.too_deep = 1; break; }
    int child = open_dir_at(dirfd(d), e->d_name);
    DIR *cd = child >= 0 ? fdopendir(child) : NULL;
    if (!cd) { if (child >= 0) close(child); continue; }
    stack[top++] = cd;
  }
  while (top) closedir(stack[--top]);
  return u;
}

static struct usage tmp_usage(void) {
  struct usage u = {0, 0, 0};
  struct statvfs s;
  if (disk_tmp && statvfs(disk_tmp, &s) == 0) {
    u.bytes = (long long)(s.f_blocks - s.f_bfree) * (long long)s.f_frsize;
    u.entries = (long)(s.f_files - s.f_ffree);
  }
  return u;
}

/* Used bytes of the run directory's whole file system: the measure of last resort (below). */
static long long fs_used(void) {
  struct statvfs s;
  if (statvfs(".", &s) != 0) return 0;
  return (long long)(s.f_blocks - s.f_bfree) * (long long)s.f_frsize;
}

/* A small /proc file read whole into buf as a string: its length, or -1 (gone, unreadable, empty). */
static ssize_t read_small(const char *path, char *buf, size_t size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t len = read(fd, buf, size - 1);
  close(fd);
  if (len <= 0) return -1;
  buf[len] = 0;
  return len;
}

/* All descendants of the supervisor (the subreaper keeps orphans here), with their rss in pages. */
struct proc { pid_t pid, ppid; long rss; unsigned long long ticks; int mine; };
static struct proc *procs = NULL;
static size_t nprocs_cap = 0;
static size_t tree(long *total_pages, unsigned long long *total_ticks) {
  size_t n = 0;
  *total_pages = 0;
  *total_ticks = 0;
  DIR *d = opendir("/proc");
  if (!d) return 0;
  struct dirent *e;
  char path[64], buf[1024];
  while ((e = readdir(d))) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    if (read_small(path, buf, sizeof buf) < 0) continue;
    char *rest = strrchr(buf, ')');
    if (!rest || rest[1] == 0 || rest[2] == 0) continue;
    rest += 2;
    if (rest[0] == 'Z') continue;
    /* rest: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
       cutime cstime priority nice threads itrealvalue starttime vsize rss */
    char state;
    long ppid, rss;
    unsigned long long ut, st, cut, cst;
    if (sscanf(rest, "%c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d %*d %*u %*u %ld",
               &state, &ppid, &ut, &st, &cut, &cst, &rss) != 7) continue;
    if (n == nprocs_cap) {
      size_t grown_cap = nprocs_cap ? nprocs_cap * 2 : 256;
      struct proc *grown = realloc(procs, grown_cap * sizeof *procs);
      if (!grown) break;
      procs = grown;
      nprocs_cap = grown_cap;
    }
    procs[n].pid = (pid_t)atol(e->d_name);
    procs[n].ppid = (pid_t)ppid;
    procs[n].rss = rss;
    /* Its own CPU time and that of the children it reaped (those are no longer in /proc). */
    procs[n].ticks = ut + st + cut + cst;
    procs[n].mine = 0;
    n++;
  }
  closedir(d);
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t i = 0; i < n; i++) {
      if (procs[i].mine) continue;
      int parent_mine = procs[i].ppid == me;
      for (size_t j = 0; !parent_mine && j < n; j++) parent_mine = procs[j].mine && procs[j].pid == procs[i].ppid;
      if (parent_mine) { procs[i].mine = 1; changed = 1; }
    }
  }
  size_t kept = 0;
  for (size_t i = 0; i < n; i++) {
    if (!procs[i].mine) continue;
    procs[kept++] = procs[i];
    *total_pages += procs[i].rss;
    *total_ticks += procs[i].ticks;
  }
  return kept;
}

static long hwm(pid_t p) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/status", (int)p);
  FILE *f = fopen(path, "r");
  long kb = 0;
  if (!f) return 0;
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "VmHWM:", 6)) { kb = atol(line + 6); break; }
  }
  fclose(f);
  return kb;
}

/* Space held by files the program unlinked but keeps open: it counts too (issue 36: 128 files
   opened, unlinked, then filled with posix_fallocate held 2 GB that no walk of the folder sees).
   Read from /proc/<pid>/fd of each process of the run (procs[0..n), fresh from tree()): regular
   files with no link left on the run directory's device, each inode once. A held file that cannot
   be sized makes `unknown` true: a process whose descriptors are hidden (PR_SET_DUMPABLE 0), or a
   deleted file kept only by a memory mapping. Then the growth of the file system itself is the
   measure (an upper bound: it counts every writer on that file system). */
#define HELD_MAX 4096
struct held { long long bytes; int unknown; };
static ino_t held_ino[HELD_MAX];
static size_t held_count;
static dev_t run_dev;
static int held_seen(ino_t ino) {
  for (size_t k = 0; k < held_count; k++) if (held_ino[k] == ino) return 1;
  return 0;
}
/* A "(deleted)" file mapping of /proc/<pid>/maps whose inode no descriptor showed (memfd and shared
   memory live on their own tmpfs: not ours to count). */
static int unsized_mapping(pid_t p) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/maps", (int)p);
  FILE *f = fopen(path, "r");
  if (!f) return errno != ENOENT && errno != ESRCH;
  char line[8192];
  int found = 0, at_start = 1;
  unsigned long ino = 0;
  while (!found && fgets(line, sizeof line, f)) {
    size_t len = strlen(line);
    if (at_start) {
      char where[16] = "";
      if (sscanf(line, "%*s %*s %*s %*s %lu %15s", &ino, where) < 1) ino = 0;
      if (!strncmp(where, "/memfd:", 7) || !strncmp(where, "/dev/shm/", 9) || !strncmp(where, "/SYSV", 5)) ino = 0;
    }
    at_start = len > 0 && line[len - 1] == '\n';
    if (at_start && ino && len >= 11 && !strcmp(line + len - 11, " (deleted)\n") && !held_seen((ino_t)ino)) found = 1;
  }
  fclose(f);
  return found;
}
static struct held held_usage(size_t n) {
  struct held h = {0, 0};
  char path[64];
  held_count = 0;
  for (size_t i = 0; i < n; i++) {
    snprintf(path, sizeof path, "/proc/%d/fd", (int)procs[i].pid);
    DIR *d = opendir(path);
    if (!d) { if (errno != ENOENT && errno != ESRCH) h.unknown = 1; continue; }
    struct dirent *e;
    struct stat st;
    while ((e = readdir(d))) {
      if (e->d_name[0] == '.' || fstatat(dirfd(d), e->d_name, &st, 0) != 0) continue;
      if (!S_ISREG(st.st_mode) || st.st_nlink != 0 || st.st_dev != run_dev || held_seen(st.st_ino)) continue;
      if (held_count == HELD_MAX) { h.unknown = 1; continue; }
      held_ino[held_count++] = st.st_ino;
      h.bytes += (long long)st.st_blocks * 512;
    }
    closedir(d);
  }
  for (size_t i = 0; i < n && !h.unknown; i++) h.unknown = unsized_mapping(procs[i].pid);
  return h;
}

static struct usage disk_base, tmp_base;
static long long fs_base;
/* `live`: the run's processes, fresh from tree() (0 once they are all gone: nothing is held then). */
static int disk_over(size_t live) {
  if (!disk_entries) return 0;
  struct usage used = dir_usage();
  struct held held = {0, 0};
  if (live) held = held_usage(live);
  if (used.too_deep) return 1;
  if (used.bytes + held.bytes - disk_base.bytes > disk_bytes || used.entries - disk_base.entries > disk_entries) return 1;
  if (held.unknown && fs_used() - fs_base > disk_bytes) return 1;
  if (disk_tmp) {
    struct usage t = tmp_usage();
    /* The tmpfs refuses writes past its size: nearly full means the program hit it. */
    double cap = (double)tmp_bytes * 0.98;
    if ((double)disk_bytes < cap) cap = (double)disk_bytes;
    if ((double)(t.bytes - tmp_base.bytes) >= cap || t.entries - tmp_base.entries > disk_entries) return 1;
  }
  return 0;
}

/* CPU seconds of every process this supervisor has reaped, their own reaped children included. */
static double reaped_cpu(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_CHILDREN, &ru) != 0) return 0;
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* Time the run spent waiting for a CPU, which the wall-clock guard leaves out: a program that is
   ready to run but not given a core (a busy machine) neither sleeps nor blocks.
   - cpu_waited: the longest time any thread of the run has spent runnable but waiting, in seconds
     (the second field of /proc/<pid>/task/<tid>/schedstat, ns). The largest seen so far is kept, as
     a thread that ends takes its count with it. The largest, not the sum: threads that wait at the
     same time for the same cores would otherwise count that time twice. A program cannot raise it
     without CPU time of its own (its other threads run meanwhile), which the limit counts.
   - The kernel adds a wait to that count only when it ends (the thread gets a CPU), so a thread
     runnable now (state R in /proc/<pid>/task/<tid>/stat) may be in a long wait not counted yet:
     while any thread is runnable the guard does not pass. Runnable costs CPU time as soon as a core
     is free, which the limit counts; the cap ends a run that waits for ever. */
static double cpu_waited = 0;
/* Updates cpu_waited from the run's threads; whether any of them is runnable. */
static int note_cpu_waits(size_t n) {
  char path[96], buf[1024];
  int runnable = 0;
  for (size_t i = 0; i < n; i++) {
    snprintf(path, sizeof path, "/proc/%d/task", (int)procs[i].pid);
    DIR *d = opendir(path);
    if (!d) continue;
    struct dirent *e;
    while ((e = readdir(d))) {
      if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
      snprintf(path, sizeof path, "/proc/%d/task/%s/stat", (int)procs[i].pid, e->d_name);
      if (read_small(path, buf, sizeof buf) < 0) continue;
      char *state = strrchr(buf, ')');
      if (state && state[1] == ' ' && state[2] == 'R') runnable = 1;
      snprintf(path, sizeof path, "/proc/%d/task/%s/schedstat", (int)procs[i].pid, e->d_name);
      if (read_small(path, buf, sizeof buf) < 0) continue;
      unsigned long long ran, waited;
      if (sscanf(buf, "%llu %llu", &ran, &waited) == 2 && (double)waited / 1e9 > cpu_waited) cpu_waited = (double)waited / 1e9;
    }
    closedir(d);
  }
  return runnable;
}

/* Past the guard: no thread is runnable and the wall time not spent waiting for a CPU reached the
   guard, or the plain wall time reached the cap. The threads are read only once the plain wall time
   has passed the guard, so a run that ends in time pays nothing for it. */
static int wall_guard_passed(double elapsed_sec, size_t n) {
  if (elapsed_sec * 1000 < (double)wall_limit_ms) return 0;
  if (elapsed_sec * 1000 >= (double)wall_cap_ms) return 1;
  int runnable = note_cpu_waits(n);
  return !runnable && (elapsed_sec - cpu_waited) * 1000 >= (double)wall_limit_ms;
}

static int have_status = 0, status = 0;
static struct rusage usage;
static void reap(void) {
  for (;;) {
    int st;
    struct rusage ru;
    pid_t p = wait4(-1, &st, WNOHANG, &ru);
    if (p <= 0) return;
    if (p == pid) { status = st; usage = ru; have_status = 1; }
  }
}

static int own_ns = 0;
static void kill_all(void) {
  for (int round = 0; round < 50; round++) {
    /* Alone in a pid namespace: kill(-1) reaches every process but ourselves and init, at once. */
    if (own_ns) kill(-1, SIGKILL);
    killpg(pid, SIGKILL);
    long pages;
    unsigned long long ticks;
    size_t n = tree(&pages, &ticks);
    for (size_t i = 0; i < n; i++) kill(procs[i].pid, SIGKILL);
    reap();
    if (!n) return;
    struct timespec ts = {0, 5 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
}

/* Inside bwrap's pid namespace, pid 1 is bwrap itself (on the host it is the init system). */
static int in_child_pid_namespace(void) {
  char comm[64];
  if (read_small("/proc/1/comm", comm, sizeof comm) < 0) return 0;
  comm[strcspn(comm, "\n")] = 0;
  return strcmp(comm, "bwrap") == 0;
}

static void child_fail(const char *program, const char *why) {
  char buf[1024];
  int n = snprintf(buf, sizeof buf, "cannot execute %s: %s\n", program, why);
  if (n > 0 && write(2, buf, (size_t)n) < 0) { /* nothing more to say */ }
  _exit(127);
}

static void run_child(int exec_r, long nproc, char **argv, char **envp) {
  const char *program = argv[0];
  if (setpgid(0, 0) != 0) child_fail(program, strerror(errno));
  close(exec_r);
  close(rfd);
  if (fsize) {
    struct rlimit rl = {(rlim_t)fsize, (rlim_t)fsize};
    if (setrlimit(RLIMIT_FSIZE, &rl) != 0) child_fail(program, strerror(errno));
  }
  if (nproc) {
    struct rlimit rl = {(rlim_t)nproc, (rlim_t)nproc};
    if (setrlimit(RLIMIT_NPROC, &rl) != 0) child_fail(program, strerror(errno));
  }
  if (time_limit_ms) {
    /* A backstop per process, a second past the limit: the sampling below normally ends it first. */
    rlim_t sec = (rlim_t)((time_limit_ms + 999) / 1000 + 1);
    struct rlimit rl = {sec, sec + 1};
    if (setrlimit(RLIMIT_CPU, &rl) != 0) child_fail(program, strerror(errno));
  }
  if (data_limit_kb) {
    struct rlimit rl = {(rlim_t)data_limit_kb * 1024, (rlim_t)data_limit_kb * 1024};
    if (setrlimit(RLIMIT_DATA, &rl) != 0) child_fail(program, strerror(errno));
  }
  if (mem_limit_kb) {
    /* The stack may grow as far as the memory limit lets it (the hard limit, normally unlimited). */
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0) {
      rl.rlim_cur = rl.rlim_max;
      setrlimit(RLIMIT_STACK, &rl);
    }
  }
  signal(SIGPIPE, SIG_DFL);
  signal(SIGXFSZ, SIG_DFL);
  if (drop) {
    /* Never run the program as root: an empty bounding set, then the new ids (which clear every
       capability). A failure here ends the child before exec. */
    for (int cap = 0; cap < 64; cap++) prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
    if (setgroups(0, NULL) != 0) child_fail(program, strerror(errno));
    if (setresgid(drop_gid, drop_gid, drop_gid) != 0) child_fail(program, strerror(errno));
    if (setresuid(drop_uid, drop_uid, drop_uid) != 0) child_fail(program, strerror(errno));
    if (getuid() == 0 || geteuid() == 0) child_fail(program, "still root");
    /* The inheritable set too (capset with every set empty: only ever a reduction). */
    struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    syscall(SYS_capset, &hdr, data);
  }
  environ = envp; /* execvpe searches the PATH of environ, which is now the program's */
  execvpe(program, argv, envp);
  child_fail(program, strerror(errno));
}

static long arg_long(const char *text) { return strtol(text, NULL, 10); }

int main(int argc, char **argv) {
  char **envp = calloc((size_t)argc + 1, sizeof *envp);
  size_t nenv = 0;
  int i = 1;
  if (!envp) return 1;
  for (; i < argc; i++) {
    const char *key = argv[i];
    if (!strcmp(key, "--")) { i++; break; }
    if (i + 1 >= argc) return 2;
    const char *value = argv[++i];
    if (!strcmp(key, "--result-fd")) rfd = (int)arg_long(value);
    else if (!strcmp(key, "--time-ms")) time_limit_ms = arg_long(value);
    else if (!strcmp(key, "--wall-ms")) wall_limit_ms = arg_long(value);
    else if (!strcmp(key, "--wall-cap-ms")) wall_cap_ms = arg_long(value);
    else if (!strcmp(key, "--memory-kb")) mem_limit_kb = arg_long(value);
    else if (!strcmp(key, "--data-kb")) data_limit_kb = arg_long(value);
    else if (!strcmp(key, "--fsize")) fsize = strtoll(value, NULL, 10);
    else if (!strcmp(key, "--max-procs")) max_procs = arg_long(value);
    else if (!strcmp(key, "--own-pidns")) own_pidns_wanted = value[0] == '1';
    else if (!strcmp(key, "--drop")) {
      unsigned long u, g;
      if (sscanf(value, "%lu:%lu", &u, &g) != 2) return 2;
      drop = 1; drop_uid = (uid_t)u; drop_gid = (gid_t)g;
    }
    else if (!strcmp(key, "--tasks")) tasks_cap = arg_long(value);
    else if (!strcmp(key, "--disk-tmp")) disk_tmp = value;
    else if (!strcmp(key, "--tmp-bytes")) tmp_bytes = strtoll(value, NULL, 10);
    else if (!strcmp(key, "--disk-bytes")) disk_bytes = strtoll(value, NULL, 10);
    else if (!strcmp(key, "--disk-entries")) disk_entries = arg_long(value);
    else if (!strcmp(key, "--env")) envp[nenv++] = (char *)value;
    else if (!strcmp(key, "--announce")) announce = value[0] == '1';
    else if (!strcmp(key, "--watch-input")) watch_input = value;
    else return 2;
  }
  if (rfd < 0 || i >= argc) return 2;
  if (!wall_limit_ms) wall_limit_ms = 3 * time_limit_ms + 1000;
  if (!wall_cap_ms) wall_cap_ms = 10 * wall_limit_ms;
  char **program = argv + i;

  signal(SIGPIPE, SIG_IGN);
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  me = getpid();
  page_kb = sysconf(_SC_PAGESIZE) / 1024;
  /* The supervisor must win the CPU against a fork bomb: real-time priority where allowed (root),
     with reset-on-fork so the program itself runs at normal priority. */
  struct sched_param sp = {.sched_priority = 1};
  sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &sp);
  long nproc = nproc_cap();
  /* The forked child starts as a copy of this process, and ru_maxrss remembers that footprint
     across exec: a limit is judged on ru_maxrss only above it. */
  long baseline_kb = own_rss_kb();
  if (disk_entries) {
    struct stat here;
    if (stat(".", &here) == 0) run_dev = here.st_dev;
    disk_base = dir_usage();
    fs_base = fs_used();
    if (disk_tmp) tmp_base = tmp_usage();
  }
  /* Closed by a successful exec (close-on-exec): tells us when the program itself starts. */
  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) fail_setup("pipe failed");
  /* A reader that never reads, opened before the program starts (a reader opened after the last
     writer left would never see POLLHUP): the program does not inherit it. */
  int watch_fd = watch_input ? open(watch_input, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) : -1;
  double t0 = now();
  pid = fork();
  if (pid < 0) fail_setup("fork failed");
  if (pid == 0) run_child(exec_pipe[0], nproc, program, envp);
  close(exec_pipe[1]);
  char byte;
  while (read(exec_pipe[0], &byte, 1) < 0 && errno == EINTR) {}
  close(exec_pipe[0]);
  if (announce) {
    char buf[64];
    snprintf(buf, sizeof buf, "{\"started\": %d}\n", (int)pid);
    emit(buf);
  }

  /* Between samples, wake up as soon as the program exits (pidfd), not at the next tick. Anything
     on the result channel (Node asks to stop, or Node itself died: EOF) ends the run at once. */
  struct pollfd waiter[2];
  int nwait = 1;
  waiter[0].fd = rfd; waiter[0].events = POLLIN | POLLHUP;
  int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
  if (pidfd >= 0) { waiter[1].fd = pidfd; waiter[1].events = POLLIN; nwait = 2; }
  int aborted = 0;

  own_ns = own_pidns_wanted && in_child_pid_namespace();
  int timed_out = 0, mem_over = 0, procs_over = 0, disk_over_seen = 0;
  /* The walk of the run directory costs more the more it holds: at most a twentieth of the time.
     The first look waits 50 ms: most runs are over by then, and the last look after the run counts. */
  double next_disk = now() + 0.05;
  long peak = 0;
  double tick_sec = 1.0 / (double)sysconf(_SC_CLK_TCK);
  /* Most test runs are over within a few milliseconds: the first look at the tree waits that long
     (woken at once by the exit), so a short run costs no walk of /proc at all. */
  if (poll(waiter, (nfds_t)nwait, 2) > 0 && waiter[0].revents) aborted = 1;
  while (!have_status) {
    reap();
    if (have_status) break;
    long pages;
    unsigned long long ticks;
    size_t n = tree(&pages, &ticks);
    long total = pages * page_kb, top = 0;
    for (size_t k = 0; k < n; k++) { long h = hwm(procs[k].pid); if (h > top) top = h; }
    if (total > peak) peak = total;
    if (top > peak) peak = top;
    if (mem_limit_kb && (total > mem_limit_kb || top > mem_limit_kb)) { mem_over = 1; kill_all(); break; }
    if ((long)n > max_procs) { procs_over = 1; kill_all(); break; }
    if ((reaped_cpu() + (double)ticks * tick_sec) * 1000 >= (double)time_limit_ms) { timed_out = 1; kill_all(); break; }
    if (wall_guard_passed(now() - t0, n)) { timed_out = 1; kill_all(); break; }
    if (disk_entries && now() >= next_disk) {
      double walk_start = now();
      if (disk_over(n)) { disk_over_seen = 1; kill_all(); break; }
      double spent = 20 * (now() - walk_start);
      next_disk = now() + (spent > 0.05 ? spent : 0.05);
    }
    if (aborted) { kill_all(); break; }
    for (int k = 0; k < nwait; k++) waiter[k].revents = 0;
    if (poll(waiter, (nfds_t)nwait, n < 4 ? 20 : 5) > 0 && waiter[0].revents) aborted = 1;
    if (aborted) { kill_all(); break; }
  }
  /* When the program ended, on the host's monotonic clock (no time namespace in the sandbox): an
     interactive run orders its two sides by it (../problems/interactive-run.ts). */
  double ended = now();
  double wall = ended - t0;
  /* Had the other side closed the program's input by then (so the program may have ended because of it)? */
  const char *input_ended = "null";
  if (watch_fd >= 0) {
    struct pollfd w = {watch_fd, 0, 0};
    input_ended = poll(&w, 1, 0) > 0 && (w.revents & POLLHUP) ? "true" : "false";
  }
  /* Background processes the program left behind never outlive the run. */
  kill_all();
  while (!have_status) {
    int st;
    struct rusage ru;
    pid_t p = wait4(pid, &st, 0, &ru);
    if (p == pid) { status = st; usage = ru; have_status = 1; }
    else if (p < 0 && errno != EINTR) break;
  }
  /* A short run may fill its budget between two walks: one more look once it is over. */
  if (!disk_over_seen && disk_over(0)) disk_over_seen = 1;
  /* ru_maxrss is exact above the supervisor's footprint and an upper bound below it. */
  if (usage.ru_maxrss > peak) peak = usage.ru_maxrss;
  long floor_kb = baseline_kb + 1024 > mem_limit_kb ? baseline_kb + 1024 : mem_limit_kb;
  if (mem_limit_kb && usage.ru_maxrss > floor_kb) mem_over = 1;
  /* An allocation refused by RLIMIT_DATA ends the program its own way (a signal, an error exit):
     with its peak within an eighth of the limit, that is the limit it hit. */
  int abnormal = have_status && (WIFSIGNALED(status) || WEXITSTATUS(status) != 0);
  if (data_limit_kb && abnormal && peak * 8 >= data_limit_kb * 7) mem_over = 1;
  char exit_code[16] = "null", sig[16] = "null", out[512];
  if (have_status && WIFEXITED(status)) snprintf(exit_code, sizeof exit_code, "%d", WEXITSTATUS(status));
  if (have_status && WIFSIGNALED(status)) snprintf(sig, sizeof sig, "%d", WTERMSIG(status));
  /* Everything is reaped now: the CPU time of the whole run, every process it started included. A
     run that ended between two looks, or whose zombies hid their time, is judged on it too. */
  double cpu = reaped_cpu();
  if (time_limit_ms && cpu * 1000 > (double)time_limit_ms) timed_out = 1;
#define B(x) ((x) ? "true" : "false")
  snprintf(out, sizeof out,
    "{\"exitCode\": %s, \"signal\": %s, \"timedOut\": %s, \"memoryExceeded\": %s, \"processLimitExceeded\": %s, "
    "\"diskExceeded\": %s, \"cpuSec\": %.6f, \"wallSec\": %.6f, \"memoryKb\": %ld, \"aborted\": %s, \"endedAt\": %.6f, \"inputEnded\": %s}\n",
    exit_code, sig, B(timed_out), B(mem_over), B(procs_over), B(disk_over_seen), cpu, wall, peak, B(aborted), ended, input_ended);
  emit(out);
  return 0;
}
