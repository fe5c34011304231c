# A Sphere Engine judge generated from a Kattis output validator by the Kattis import: the
# validator's files are below, unchanged, and run as Kattis runs them. Import the package again
# rather than editing this file (export writes the original validator back).
import os
import shutil
import subprocess
import sys
import tempfile

FLAGS = [{{FLAGS}}]
# An interactor talks to the program: its stdout is the program's input (fd 8).
INTERACTIVE = {{INTERACTIVE}}
MAIN = {{MAIN}}
FILES = {
{{FILES}}
}


def debug(text):
    try:
        os.write(6, text.encode('utf-8', 'replace'))
    except OSError:
        pass  # no debug stream: the verdict still stands


# The emulator's interactive runs only (the service sets no such variable): the descriptor where
# the judge notes when the validator ended, on the host's monotonic clock. This judge ends a moment
# after its validator, and a program that died of its closed input in that moment did so after the
# verdict, as on Kattis. The validator notes it itself as it exits (atexit, from a sitecustomize
# module: its own code runs unchanged), before its stdout closes; this judge notes it again after
# the validator is gone (for one that ends with os._exit): the first line counts.
VERDICT_FD = os.environ.get('SE_EMULATOR_VERDICT_FD', '')
# One note, run by this judge and written into the validator's sitecustomize, so both write alike.
NOTE_VERDICT_TIME = """import os, time
def note_verdict_time():
    try:
        os.write(int(os.environ['SE_EMULATOR_VERDICT_FD']), ('%.6f\\n' % time.monotonic()).encode())
    except (KeyError, OSError, ValueError):
        pass
"""
exec(NOTE_VERDICT_TIME)
NOTE_AT_EXIT = NOTE_VERDICT_TIME + "import atexit\natexit.register(note_verdict_time)\n"


def noting_verdict_time(work):
    """The validator's environment and inherited descriptors: its exit noted, when the emulator asks."""
    if not VERDICT_FD.isdigit():
        return None, ()
    hooks = os.path.join(work, 'hooks')
    os.mkdir(hooks)
    with open(os.path.join(hooks, 'sitecustomize.py'), 'w') as f:
        f.write(NOTE_AT_EXIT)
    env = dict(os.environ)
    env['PYTHONPATH'] = hooks + (os.pathsep + env['PYTHONPATH'] if env.get('PYTHONPATH') else '')
    return env, (int(VERDICT_FD),)


def copy_fd(fd, path):
    with os.fdopen(fd, 'rb', closefd=False) as src, open(path, 'wb') as dst:
        shutil.copyfileobj(src, dst)


def main():
    work = tempfile.mkdtemp(prefix='kattis-')
    try:
        code_dir = os.path.join(work, 'validator')
        for rel, text in FILES.items():
            path = os.path.join(code_dir, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8', newline='') as f:
                f.write(text)
        input_file = os.path.join(work, 'input')
        answer_file = os.path.join(work, 'answer')
        feedback = os.path.join(work, 'feedback') + os.sep
        copy_fd(0, input_file)
        copy_fd(4, answer_file)
        os.mkdir(feedback)
        env, pass_fds = noting_verdict_time(work) if INTERACTIVE else (None, ())
        run = subprocess.Popen([sys.executable, os.path.join(code_dir, MAIN), input_file, answer_file, feedback] + FLAGS,
                               stdin=3, stdout=8 if INTERACTIVE else subprocess.PIPE,
                               stderr=subprocess.PIPE if INTERACTIVE else subprocess.STDOUT,
                               env=env, pass_fds=pass_fds)
        if INTERACTIVE:
            # Only the validator holds the program's input and output now: when it closes its
            # stdout the program reads end of file, as under Kattis.
            os.close(8)
            os.close(3)
        out, err = run.communicate()
        if INTERACTIVE:
            note_verdict_time()
        printed = (err if INTERACTIVE else out) or b''
        for name in ('judgemessage.txt', 'teammessage.txt'):
            path = os.path.join(feedback, name)
            if os.path.exists(path):
                with open(path, encoding='utf-8', errors='replace') as f:
                    debug(('' if name == 'judgemessage.txt' else name + ': ') + f.read())
        score = os.path.join(feedback, 'score.txt')
        if os.path.exists(score):
            with open(score) as f:
                sys.stdout.write(f.read().strip())
        if run.returncode == 42:
            return 0
        if run.returncode == 43:
            return 1
        how = 'exited with %d' % run.returncode if run.returncode >= 0 else 'was killed by signal %d' % -run.returncode
        debug('\nThe Kattis validator %s (42 accepts, 43 rejects: anything else is a judge error).\n%s'
              % (how, printed.decode('utf-8', 'replace')[-2000:]))
        return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)


try:
    code = main()
except Exception as err:  # the adapter itself failed: a judge error, never a wrong answer
    debug('The Kattis validator adapter failed: %r\n' % (err,))
    code = 2
sys.exit(code)
