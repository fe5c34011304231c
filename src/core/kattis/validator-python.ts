// The Sphere Engine test case judge that runs a Kattis output validator written in Python. The
// validator's files are carried verbatim and run as their own process, exactly as Kattis runs
// them (`validator input answer feedback_dir/ flags... < output`), so `sys.exit(42)`,
// `os._exit(43)`, helper modules and `if __name__ == '__main__'` all behave as on Kattis; only
// the ends are translated: fd 0 / fd 4 become the input and answer files, fd 3 the validator's
// stdin, exit 42/43 become 0/1 (anything else 2, judge error), judgemessage.txt goes to fd 6.
// An interactor's stdout is fd 8, the program's input.
// The adapter is a Python file, ./validator-python-adapter.py, whose {{NAME}} places are filled here
// (each is valid Python as it stands, so the file compiles on its own).
import ADAPTER from './validator-python-adapter.py';

/** A string as a Python literal (JSON's escapes are a subset of Python's). */
const py = (s: string) => JSON.stringify(s);

export function pythonJudgeSource(o: { marker: string; files: Array<{ rel: string; text: string }>; main: string; flags: string[]; interactive: boolean }): string {
  const places: Record<string, string> = {
    FLAGS: o.flags.map(py).join(', '),
    INTERACTIVE: o.interactive ? 'True' : 'False',
    MAIN: py(o.main),
    FILES: o.files.map((f) => `    ${py(f.rel)}: ${py(f.text)},`).join('\n'),
  };
  // One pass: a validator's own text that looks like a place is left as it is.
  const source = ADAPTER.replace(/\{\{(\w+)\}\}/g, (_, name: string) => places[name]);
  return `${o.marker}\n${source}`;
}
