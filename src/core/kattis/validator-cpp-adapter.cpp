// The adapter that the Kattis import appends to a C++ output validator to make it a Sphere Engine
// judge (./validator-cpp.ts): everything from the line "---- Kattis validator adapter ----" on is
// copied into each judge after the validator's code, whose main is renamed kattis_validator_main.
// ./validator-cpp.ts fills the /*@NAME@*/ places: FLAGS (the validator's flags as more arguments),
// STDOUT_FD (8, the program's input, for an interactor; else 2) and CLOSE_PROGRAM_INPUT (an
// interactor closes the program's input and output once the validator exits).

// ---- Kattis validator adapter ----
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <time.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace kattis_adapter {
// The validator's main as written: with argc/argv, without, or with const argv.
inline int call(int (*f)(int, char **), int argc, char **argv) { return f(argc, argv); }
inline int call(int (*f)(), int, char **) { return f(); }
inline int call(int (*f)(int, const char **), int argc, char **argv) { return f(argc, const_cast<const char **>(argv)); }

inline void debug(const std::string &text) {
  if (!text.empty() && write(6, text.data(), text.size()) < 0) {} // no debug stream: the verdict still stands
}

inline bool copy_fd(int from, const std::string &to) {
  int out = open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out < 0) return false;
  char buf[1 << 16];
  ssize_t n;
  bool ok = true;
  while ((n = read(from, buf, sizeof buf)) > 0)
    if (write(out, buf, n) != n) { ok = false; break; }
  return close(out) == 0 && ok && n == 0;
}

inline std::string slurp(const std::string &file) {
  std::string text;
  if (FILE *f = std::fopen(file.c_str(), "rb")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
  }
  return text;
}

// The emulator's interactive runs only (the service sets no such variable): when the validator
// ended, on the host's monotonic clock, since this judge ends a moment later and a program that
// died of its closed input in that moment did so after the verdict, as on Kattis. Noted by the
// validator's process as it exits (atexit: before its stdout closes), and again by this judge
// after it is gone (for a validator that ends with _exit): the first line counts.
inline void note_verdict_time() {
  const char *fd = std::getenv("SE_EMULATOR_VERDICT_FD");
  if (!fd || !*fd) return;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%lld.%06ld\n", static_cast<long long>(ts.tv_sec), ts.tv_nsec / 1000);
  if (n > 0 && write(std::atoi(fd), buf, static_cast<size_t>(n)) < 0) {} // no such descriptor: nothing to note
}

inline int remove_entry(const char *p, const struct stat *, int, struct FTW *) { return std::remove(p); }
} // namespace kattis_adapter

int main() {
  // A temporary folder where the judge may write: $TMPDIR, /tmp, else its working directory.
  std::string work;
  const char *bases[] = {std::getenv("TMPDIR"), "/tmp", "."};
  for (const char *base : bases) {
    if (!base || !*base) continue;
    std::string tmpl = std::string(base) + "/kattis-XXXXXX";
    if (mkdtemp(&tmpl[0])) { work = tmpl; break; }
  }
  if (work.empty()) { kattis_adapter::debug("The Kattis validator adapter could not make a temporary folder.\n"); return 2; }
  const std::string input = work + "/input", answer = work + "/answer", feedback = work + "/feedback/";
  if (!kattis_adapter::copy_fd(0, input) || !kattis_adapter::copy_fd(4, answer) || mkdir(feedback.c_str(), 0700) != 0) {
    kattis_adapter::debug("The Kattis validator adapter could not copy the input and answer files.\n");
    return 2;
  }
  std::vector<std::string> args = {"validator", input, answer, feedback/*@FLAGS@*/};
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) { kattis_adapter::debug("The Kattis validator adapter could not fork.\n"); return 2; }
  if (pid == 0) {
    dup2(3, 0); // the program's output is the validator's stdin
    // Interactive: what the validator prints goes to the program (fd 8); else it is not a score.
    dup2(/*@STDOUT_FD@*/, 1);
    std::atexit(kattis_adapter::note_verdict_time);
    std::vector<char *> argv;
    for (std::string &a : args) argv.push_back(&a[0]);
    argv.push_back(nullptr);
    std::exit(kattis_adapter::call(kattis_validator_main, static_cast<int>(args.size()), argv.data()));
  }
  /*@CLOSE_PROGRAM_INPUT@*/int status = 0;
  while (waitpid(pid, &status, 0) < 0) {}
  kattis_adapter::note_verdict_time();
  kattis_adapter::debug(kattis_adapter::slurp(feedback + "judgemessage.txt"));
  const std::string team = kattis_adapter::slurp(feedback + "teammessage.txt");
  if (!team.empty()) kattis_adapter::debug("teammessage.txt: " + team);
  const std::string score = kattis_adapter::slurp(feedback + "score.txt");
  if (!score.empty()) std::fputs(score.c_str(), stdout);
  nftw(work.c_str(), kattis_adapter::remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 42) return 0;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 43) return 1;
  kattis_adapter::debug("\nThe Kattis validator " + (WIFEXITED(status) ? "exited with " + std::to_string(WEXITSTATUS(status)) : "was killed by signal " + std::to_string(WTERMSIG(status))) +
        " (42 accepts, 43 rejects: anything else is a judge error).\n");
  return 2;
}
