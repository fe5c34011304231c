"""Runs tests/ with unittest and writes the final tests report the service expects:
a JSON array of {name, status: ok|error|failure, time, classname, error?, failure?}
at $SE_PATH_FINAL_TESTS_REPORT. The emulator scores it as 100 * passed / total."""
import json
import os
import sys
import time
import unittest

sys.path.insert(0, os.getcwd())


class ReportingResult(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = []
        self._started = 0.0

    def startTest(self, test):
        self._started = time.perf_counter()
        super().startTest(test)

    def _entry(self, test, status, message=None):
        cls = type(test)
        entry = {
            "name": getattr(test, "_testMethodName", str(test)),
            "status": status,
            "time": round(time.perf_counter() - self._started, 6),
            "classname": f"{cls.__module__}.{cls.__qualname__}",
        }
        if message is not None:
            entry[status] = message
        self.entries.append(entry)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._entry(test, "ok")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._entry(test, "failure", str(err[1]))

    def addError(self, test, err):
        super().addError(test, err)
        self._entry(test, "error", f"{err[0].__name__}: {err[1]}")


def main():
    suite = unittest.defaultTestLoader.discover("tests", top_level_dir=os.getcwd())
    runner = unittest.TextTestRunner(stream=sys.stdout, verbosity=2, resultclass=ReportingResult)
    result = runner.run(suite)
    report_path = os.environ.get("SE_PATH_FINAL_TESTS_REPORT", "tests_report.json")
    with open(report_path, "w", encoding="utf-8") as out:
        json.dump(result.entries, out, indent=2)
    # The report decides the status; a non-zero exit here would mean the tooling itself broke.
    return 0


if __name__ == "__main__":
    sys.exit(main())
