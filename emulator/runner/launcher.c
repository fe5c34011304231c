/*
 * The launcher: one small process per emulator that starts every run's supervisor (inside
 * bubblewrap when sandboxed) so that the emulator does not fork itself for each run. Forking a
 * Node process copies its page tables: about 3.4 ms of the emulator's only thread per run at its
 * 200 MB, a third of that thread's work in a stress test (BENCHMARKS.md, issue 30). This process
 * is a few hundred KB, so its fork costs a tenth of a millisecond, and it never waits on a run.
 *
 * It starts nothing of its own choosing: each request names the program (an absolute path), its
 * argv, environment, working directory and descriptors, exactly what Node's spawn() was given. The
 * descriptors are the emulator's own open files, reopened through /proc/<emulator>/fd/N by the
 * forked child (so Node still opens every path itself, with its checks); the result channel is a
 * socket pair made here, relayed line by line. It dies with the emulator (PR_SET_PDEATHSIG), and
 * bubblewrap's --die-with-parent then takes every sandbox with it.
 *
 * Requests on stdin, each a 4-byte little-endian length and NUL-separated fields:
 *   run ID CWD PATH NARGV ARGV... NENV ENV... NFDS (TARGET SOURCE) ... RESULT_FD
 *       SOURCE: the emulator's fd number to reopen, "null" for /dev/null; its mode follows the
 *       open file's own (read-only, write-only or both).
 *   stop ID        half-closes the run's result channel: the supervisor reads EOF and stops it.
 * Events on stdout, one line each:
 *   started ID PID | line ID TEXT (a line the supervisor wrote) | exit ID CODE SIGNAL (-1 if none)
 *   | fail ID MESSAGE (nothing was started)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_RUNS 256
#define MAX_FRAME (4 * 1024 * 1024)
#define HIGH_FD 200

struct run {
  long id;
  pid_t pid;
  int fd;          /* our end of the result channel, -1 once it hit EOF */
  int exited;
  int status;
  char *partial;   /* a line not yet ended */
  size_t partial_len;
};

static struct run runs[MAX_RUNS];
static int nruns = 0;
static pid_t parent;
static sigset_t blocked;

static void out_write(const char *text, size_t n) {
  size_t off = 0;
  while (off < n) {
    ssize_t w = write(1, text + off, n - off);
    if (w < 0) { if (errno == EINTR) continue; _exit(0); } /* the emulator is gone */
    off += (size_t)w;
  }
}

static void say(const char *fmt, long id, const char *text) {
  char head[64];
  int n = snprintf(head, sizeof head, fmt, id);
  out_write(head, (size_t)n);
  if (text) out_write(text, strlen(text));
  out_write("\n", 1);
}

static int read_full(int fd, void *buf, size_t n) {
  size_t off = 0;
  while (off < n) {
    ssize_t r = read(fd, (char *)buf + off, n - off);
    if (r == 0) return 0;
    if (r < 0) { if (errno == EINTR) continue; return 0; }
    off += (size_t)r;
  }
  return 1;
}

/* Only in the forked child: failing here ends the child, and the run reads as a supervisor error. */
static void child_fail(int result_fd, const char *what) {
  char buf[512];
  int n = snprintf(buf, sizeof buf, "{\"error\": \"launcher: %s: %s\"}\n", what, strerror(errno));
  if (n > 0 && write(result_fd, buf, (size_t)n) < 0) { /* nothing more to say */ }
  _exit(127);
}

static void start_child(char **f, int nf, int child_end) {
  /* f: ID CWD PATH NARGV ARGV... NENV ENV... NFDS (TARGET SOURCE)... RESULT_FD */
  int k = 1;
  if (nf < 5) child_fail(child_end, "short request");
  const char *cwd = f[k++];
  const char *path = f[k++];
  int nargv = atoi(f[k++]);
  if (nargv < 1 || k + nargv + 1 > nf) child_fail(child_end, "short request");
  char **argv = f + k; k += nargv;
  int nenv = atoi(f[k++]);
  if (nenv < 0 || k + nenv + 1 > nf) child_fail(child_end, "short request");
  char **envp = calloc((size_t)nenv + 1, sizeof *envp);
  if (!envp) child_fail(child_end, "out of memory");
  for (int i = 0; i < nenv; i++) envp[i] = f[k++];
  int nfds = atoi(f[k++]);
  if (nfds < 0 || k + 2 * nfds + 1 > nf) child_fail(child_end, "short request");
  int *targets = calloc((size_t)nfds + 1, sizeof *targets), *opened = calloc((size_t)nfds + 1, sizeof *opened);
  if (!targets || !opened) child_fail(child_end, "out of memory");
  int result_target = atoi(f[k + 2 * nfds]);
  argv[nargv] = NULL; /* the field after the last argument (NENV) is no longer needed */

  /* Like spawn({detached: true}): a session and process group of its own, which Node may kill. */
  if (setsid() < 0) child_fail(child_end, "setsid");
  sigprocmask(SIG_UNBLOCK, &blocked, NULL);
  signal(SIGPIPE, SIG_DFL);
  /* Everything lands above the target numbers first, so no target overwrites a source. */
  int result = fcntl(child_end, F_DUPFD_CLOEXEC, HIGH_FD);
  if (result < 0) child_fail(child_end, "dup");
  for (int i = 0; i < nfds; i++) {
    targets[i] = atoi(f[k + 2 * i]);
    const char *source = f[k + 2 * i + 1];
    int fd = -1;
    /* The same emulator fd twice (stdout and stderr to one file) shares one open file, as in Node. */
    for (int j = 0; j < i; j++) if (!strcmp(f[k + 2 * j + 1], source) && strcmp(source, "null")) fd = opened[j];
    if (fd < 0) {
      char proc[64];
      int mode = O_RDONLY;
      if (strcmp(source, "null")) {
        snprintf(proc, sizeof proc, "/proc/%d/fd/%s", (int)parent, source);
        /* Opened the way the emulator opened it: its access mode, from /proc's fdinfo. */
        char fdinfo[64], line[128];
        snprintf(fdinfo, sizeof fdinfo, "/proc/%d/fdinfo/%s", (int)parent, source);
        FILE *info = fopen(fdinfo, "re");
        if (!info) child_fail(result, "the emulator's descriptor");
        while (fgets(line, sizeof line, info)) {
          unsigned long fl;
          if (sscanf(line, "flags: %lo", &fl) == 1) mode = (int)(fl & O_ACCMODE);
        }
        fclose(info);
      } else {
        snprintf(proc, sizeof proc, "/dev/null");
        mode = O_RDWR;
      }
      fd = open(proc, mode | O_CLOEXEC | O_NOCTTY);
      if (fd < 0) child_fail(result, proc);
      int high = fcntl(fd, F_DUPFD_CLOEXEC, HIGH_FD);
      if (high < 0) child_fail(result, "dup");
      close(fd);
      fd = high;
    }
    opened[i] = fd;
  }
  for (int i = 0; i < nfds; i++) if (dup2(opened[i], targets[i]) < 0) child_fail(result, "dup2");
  if (dup2(result, result_target) < 0) child_fail(result, "dup2");
  /* Targets below the result fd that were not named stay closed, as Node leaves them. The sources
     and the launcher's own descriptors are close-on-exec; its stdin and stdout were targets. */
  for (int t = 0; t < 3; t++) {
    int named = t == result_target;
    for (int i = 0; i < nfds; i++) if (targets[i] == t) named = 1;
    if (!named) close(t);
  }
  if (chdir(cwd) != 0) child_fail(result, "chdir");
  execve(path, argv, envp);
  child_fail(result, path);
}

static struct run *find(long id) {
  for (int i = 0; i < nruns; i++) if (runs[i].id == id) return &runs[i];
  return NULL;
}

static void start(char **f, int nf) {
  long id = atol(f[0]);
  if (nruns >= MAX_RUNS) { say("fail %ld ", id, "too many runs at once"); return; }
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) { say("fail %ld ", id, strerror(errno)); return; }
  pid_t pid = fork();
  if (pid < 0) { close(pair[0]); close(pair[1]); say("fail %ld ", id, strerror(errno)); return; }
  if (pid == 0) {
    close(pair[0]);
    start_child(f, nf, pair[1]);
  }
  close(pair[1]);
  fcntl(pair[0], F_SETFL, O_NONBLOCK);
  runs[nruns++] = (struct run){.id = id, .pid = pid, .fd = pair[0], .exited = 0, .status = 0, .partial = NULL, .partial_len = 0};
  char text[32];
  snprintf(text, sizeof text, "%d", (int)pid);
  say("started %ld ", id, text);
}

/* Relays whole lines; at EOF a last unended line goes too. */
static void drain(struct run *r) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(r->fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
      if (r->partial_len) { r->partial[r->partial_len] = 0; say("line %ld ", r->id, r->partial); }
      free(r->partial); r->partial = NULL; r->partial_len = 0;
      close(r->fd); r->fd = -1;
      return;
    }
    char *grown = realloc(r->partial, r->partial_len + (size_t)n + 1);
    if (!grown) _exit(1);
    r->partial = grown;
    memcpy(r->partial + r->partial_len, buf, (size_t)n);
    r->partial_len += (size_t)n;
    char *start = r->partial, *end = r->partial + r->partial_len, *nl;
    while ((nl = memchr(start, '\n', (size_t)(end - start)))) {
      *nl = 0;
      say("line %ld ", r->id, start);
      start = nl + 1;
    }
    r->partial_len = (size_t)(end - start);
    memmove(r->partial, start, r->partial_len);
  }
}

/* A run is over once its process is reaped and its channel is read to the end (Node's 'close'). */
static void finish_if_done(int i) {
  struct run *r = &runs[i];
  if (!r->exited) return;
  if (r->fd >= 0) drain(r);
  if (r->fd >= 0) { close(r->fd); r->fd = -1; } /* a process it left behind holds it: not ours to wait for */
  char text[48];
  int code = WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1, sig = WIFSIGNALED(r->status) ? WTERMSIG(r->status) : -1;
  snprintf(text, sizeof text, "%d %d", code, sig);
  say("exit %ld ", r->id, text);
  free(r->partial);
  runs[i] = runs[--nruns];
}

static void reap(void) {
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid <= 0) return;
    for (int i = 0; i < nruns; i++) {
      if (runs[i].pid != pid) continue;
      runs[i].exited = 1;
      runs[i].status = status;
      finish_if_done(i);
      break;
    }
  }
}

static void request(char *frame, uint32_t len) {
  char *fields[65536];
  int nf = 0;
  for (char *p = frame; p < frame + len && nf < 65536;) {
    fields[nf++] = p;
    p += strlen(p) + 1;
  }
  if (nf >= 2 && !strcmp(fields[0], "run")) start(fields + 1, nf - 1);
  else if (nf >= 2 && !strcmp(fields[0], "stop")) {
    struct run *r = find(atol(fields[1]));
    if (r && r->fd >= 0) shutdown(r->fd, SHUT_WR);
  }
}

int main(int argc, char **argv) {
  if (argc != 3 || strcmp(argv[1], "--parent")) return 2;
  parent = (pid_t)atoi(argv[2]);
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (getppid() != parent) return 0; /* the emulator died before we got here */
  /* bwrap exits without reaping its pid-namespace init, which would go to the system's init: as
     their subreaper, this process reaps them (reap() ignores pids that are not runs), so its
     cutime + cstime hold every sandbox's CPU (bench/cpu-account.ts) and no zombie waits on init. */
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  signal(SIGPIPE, SIG_IGN);
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGCHLD);
  sigprocmask(SIG_BLOCK, &blocked, NULL);
  int sfd = signalfd(-1, &blocked, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) return 1;
  fcntl(0, F_SETFD, FD_CLOEXEC);
  fcntl(1, F_SETFD, FD_CLOEXEC);
  struct pollfd waits[MAX_RUNS + 2];
  for (;;) {
    int n = 0;
    waits[n++] = (struct pollfd){.fd = 0, .events = POLLIN};
    waits[n++] = (struct pollfd){.fd = sfd, .events = POLLIN};
    for (int i = 0; i < nruns; i++) waits[n++] = (struct pollfd){.fd = runs[i].fd, .events = POLLIN};
    if (poll(waits, (nfds_t)n, -1) < 0) { if (errno == EINTR) continue; return 1; }
    if (waits[0].revents) {
      uint32_t len;
      if (!read_full(0, &len, 4)) return 0; /* the emulator closed us: its runs die with it */
      if (len > MAX_FRAME) return 1;
      char *frame = malloc((size_t)len + 1);
      if (!frame || !read_full(0, frame, len)) return 0;
      frame[len] = 0;
      request(frame, len);
      free(frame);
    }
    for (int i = 0; i < nruns; i++) if (runs[i].fd >= 0 && waits[2 + i].fd == runs[i].fd && waits[2 + i].revents) drain(&runs[i]);
    if (waits[1].revents) {
      struct signalfd_siginfo si;
      while (read(sfd, &si, sizeof si) > 0) {}
      reap();
    }
  }
}
