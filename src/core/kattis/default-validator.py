# Kattis's default output validator, written for this project from the format's description
# (problem package format, "Default output validator"): the team output is compared with the
# judge answer token by token (tokens are separated by whitespace), letter case ignored unless
# `case_sensitive`; with `space_change_sensitive` the whitespace between tokens must be the same
# too; with `float_absolute_tolerance e`, `float_relative_tolerance e` or `float_tolerance e`
# (both), a judge token that is a number accepts a team number within the tolerance. Run as a Kattis
# validator by the adapter: `default-validator.py input answer feedback_dir flags... < output`,
# exit 42 accepted, 43 wrong answer, the reason in feedback_dir/judgemessage.txt.
import math
import os
import re
import sys

NUMBER = re.compile(r'^[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|inf|infinity|nan)$', re.IGNORECASE)


def finish(feedback, accepted, message):
    with open(os.path.join(feedback, 'judgemessage.txt'), 'w') as out:
        out.write(message + '\n')
    sys.exit(42 if accepted else 43)


def main():
    answer_path, feedback, flags = sys.argv[2], sys.argv[3], sys.argv[4:]
    case_sensitive = 'case_sensitive' in flags
    space_sensitive = 'space_change_sensitive' in flags
    absolute = relative = None
    for i, flag in enumerate(flags[:-1]):
        if flag in ('float_tolerance', 'float_absolute_tolerance'):
            absolute = float(flags[i + 1])
        if flag in ('float_tolerance', 'float_relative_tolerance'):
            relative = float(flags[i + 1])
    with open(answer_path, 'rb') as f:
        judge = f.read().decode('utf-8', 'replace')
    team = sys.stdin.buffer.read().decode('utf-8', 'replace')

    def same_token(j, t):
        if (absolute is not None or relative is not None) and NUMBER.match(j):
            if not NUMBER.match(t):
                return False
            jv, tv = float(j), float(t)
            if math.isnan(jv) or math.isnan(tv):
                return math.isnan(jv) and math.isnan(tv)
            if jv == tv:
                return True
            diff = abs(jv - tv)
            return (absolute is not None and diff <= absolute) or (relative is not None and diff <= relative * abs(jv))
        return j == t if case_sensitive else j.lower() == t.lower()

    if space_sensitive:
        # Tokens and the whitespace runs between them, both compared.
        jp, tp = re.split(r'(\s+)', judge), re.split(r'(\s+)', team)
        for n, (j, t) in enumerate(zip(jp, tp)):
            if n % 2 == 1 and j != t:
                finish(feedback, False, 'Space change error: whitespace differs after token %d' % (n // 2 + 1))
            if n % 2 == 0 and not same_token(j, t):
                finish(feedback, False, 'Wrong answer on token %d: expected %r, got %r' % (n // 2 + 1, j, t))
        if len(jp) != len(tp):
            finish(feedback, False, 'Space change error or trailing output: the output has %s tokens than the answer' % ('more' if len(tp) > len(jp) else 'fewer'))
        finish(feedback, True, 'Accepted')
    jt, tt = judge.split(), team.split()
    for n, (j, t) in enumerate(zip(jt, tt)):
        if not same_token(j, t):
            finish(feedback, False, 'Wrong answer on token %d: expected %r, got %r' % (n + 1, j, t))
    if len(tt) > len(jt):
        finish(feedback, False, 'Trailing output')
    if len(tt) < len(jt):
        finish(feedback, False, 'User EOF while judge had more output (expected %r)' % jt[len(tt)])
    finish(feedback, True, 'Accepted')


if __name__ == '__main__':
    main()
