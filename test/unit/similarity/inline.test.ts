// Extracted functions read as the code they hold (inline.ts): a helper of one statement is read
// where it is called, so a copy whose expressions were moved into helpers still reads as the
// original; longer, recursive and overloaded helpers stay as they are; hostile input never throws.
import * as assert from 'node:assert/strict';
import { tokenize } from '../../../src/core/similarity/tokens';
import { kindsOf, pairSimilarity as similarity } from './streams';

const kinds = (file: string, text: string) => kindsOf(file, text, { inline: true });

const JAVA = `public class Main {
    public static void main(String[] args) {
        java.util.Scanner in = new java.util.Scanner(System.in);
        String text = in.nextLine().toLowerCase();
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ("aeiou".indexOf(c) != -1) {
                n += 1;
            }
        }
        System.out.println(n);
    }
}
`;
const JAVA_EXTRACTED = `public class Main {
    static long pick(String s, long at) {
        return s.charAt(at);
    }

    public static void main(String[] args) {
        java.util.Scanner in = new java.util.Scanner(System.in);
        String text = in.nextLine().toLowerCase();
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = pick(text, i);
            if ("aeiou".indexOf(c) != -1) {
                n += 1;
            }
        }
        System.out.println(n);
    }
}
`;
const PY = `def main():
    n = int(input())
    total = 0
    for i in range(n):
        total += i * i + 1
    print(total)


main()
`;
const PY_EXTRACTED = `def compute1(i):
    return i * i + 1


def main():
    n = int(input())
    total = 0
    for i in range(n):
        total += compute1(i)
    print(total)


main()
`;

describe('similarity: extracted functions read as the code they hold', () => {
  it('reads a call of a one-statement helper as its body, arguments in place of parameters (C-like and Python)', () => {
    assert.deepEqual(kinds('a.java', JAVA_EXTRACTED), kinds('a.java', JAVA));
    assert.deepEqual(kinds('a.py', PY_EXTRACTED), kinds('a.py', PY));
    assert.deepEqual(kinds('a.c', 'int sq(int v) { return v * v; }\nint main() { return sq(a[i] + 1); }\n'), kinds('a.c', 'int main() { return a[i] + 1 * a[i] + 1; }\n'));
  });

  it('scores a copy with an expression moved into a helper as a copy (1.0)', () => {
    assert.equal(similarity('a.java', JAVA, JAVA_EXTRACTED), 1);
    assert.equal(similarity('a.py', PY, PY_EXTRACTED), 1);
  });

  it('leaves longer, recursive and overloaded helpers, and calls with other arities, as they are', () => {
    const longer = 'int f(int a) { a += 1; return a; }\nint main() { return f(2); }\n';
    assert.notDeepEqual(kinds('a.c', longer), kinds('a.c', 'int main() { return 2; }\n'));
    const recursive = 'int f(int a) { return f(a - 1); }\nint main() { return f(2); }\n';
    assert.equal(kinds('a.c', recursive).length, tokenize([{ path: 'a.c', text: recursive }]).length);
    const overloaded = 'int f(int a) { return a; }\nint f(int a, int b) { return b; }\nint main() { return f(2); }\n';
    assert.equal(kinds('a.cpp', overloaded).length, tokenize([{ path: 'a.cpp', text: overloaded }]).length);
    const arity = 'def f(a):\n    return a + 1\n\nprint(f(1, 2))\n';
    assert.ok(kinds('a.py', arity).length > kinds('a.py', 'print(1, 2)\n').length);
    // A Python body that goes on past its first line is not one statement.
    const two = 'def f(a):\n    return a\n    print(a)\n\nf(1)\n';
    assert.equal(kinds('a.py', two).length, tokenize([{ path: 'a.py', text: two }]).length);
  });

  it('never throws on hostile input: unclosed brackets, stray definitions, a hundred thousand calls', () => {
    for (const odd of ['int f(', 'f() {', ') { return ; }', 'def f(:', 'def f():\n', 'int f(int a) { return a; } f(f(f(', 'def (a):\n    return a\n'])
      for (const f of ['odd.c', 'odd.py']) assert.doesNotThrow(() => kinds(f, odd), `${f}: ${odd}`);
    // Deeply nested calls and one huge body cost what flat code does (each call and body is bounded).
    const nested = 'int f(int a) { return a + 1; }\nint main() { return ' + 'f('.repeat(50_000) + '1' + ')'.repeat(50_000) + '; }\n';
    assert.ok(kinds('nested.c', nested).length > 100_000);
    const huge = 'int f(int a) { return a' + ' + a'.repeat(100_000) + '; }\nint main() { return f(1); }\n';
    assert.ok(kinds('huge.c', huge).length > 200_000);
    const many = 'int f(int a) { return a + 1; }\nint main() {\n' + '    x = f(x);\n'.repeat(100_000) + '}\n';
    assert.ok(kinds('many.c', many).length > 100_000 * 6);
  });
});
