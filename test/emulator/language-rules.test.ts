// The compile and run rules a contest judge applies and real problem packages rely on (issue 37):
// libraries after the sources, the Java class that declares main is the one started, and a JVM
// sized from the memory limit so it starts under a limit enforced at allocation.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detectLanguages } from '../../emulator/languages';
import { scanJava } from '../../emulator/languages/java-source';
import { javaMainClass, javaSourceFileName } from '../../emulator/languages/entry-rules';
import { which } from '../../emulator/languages/probe';
import { useScratch } from '../scratch';
import { json, startTestEmulator, type TestEmulator, streamText, waitUntilDone } from './harness';

const C = 11;
const JAVA = 10;
const RUST = 93;

/** A helper class first, then the main class with a nested reader declared before main. */
const JAVA_HELPER_FIRST = [
  'import java.util.*;',
  '// class Decoy { public static void main(String[] a) {} }',
  'class Helper { static long twice(long x) { return 2 * x; } }',
  'public class Main {',
  '  static final String NOTE = "class Fake { static void main(";',
  '  static class Reader { final Scanner s = new Scanner(System.in); long next() { return s.nextLong(); } }',
  '  static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }',
  '  public static void main(String[] args) {',
  '    long[] big = new long[args.length > 0 ? Integer.parseInt(args[0]) : 1000];',
  '    big[big.length - 1] = 1;',
  '    System.out.println(Helper.twice(new Reader().next()) + " " + depth(100000));',
  '  }',
  '}',
  '',
].join('\n');

describe('language rules: what a contest judge compiles and runs', function () {
  this.timeout(120_000);
  const scratch = useScratch();
  const installed = (id: number) => detectLanguages().has(id);

  describe('Java sources read without compiling', () => {
    it('starts the class that declares main, not a helper, a nested class or a word in a string', () => {
      assert.deepEqual(javaMainClass(new Map([['Main.java', Buffer.from(JAVA_HELPER_FIRST)]])), { ok: true, entry: 'Main' });
      assert.equal(javaSourceFileName(JAVA_HELPER_FIRST), 'Main.java');
    });

    it('names a package, a main only in a nested class, and a record or an enum holding main', () => {
      assert.deepEqual(scanJava('package a.b;\nclass X { static class In { public static void main(String[] a) {} } }').mains, ['X$In']);
      assert.equal(scanJava('package a.b;\nclass X {}').pkg, 'a.b');
      assert.deepEqual(scanJava('record P(int x) { public static void main(String... a) {} }').mains, ['P']);
      assert.deepEqual(scanJava('enum E { A, B; public static void main(String[] a) { new Object() { void main() {} }; } }').mains, ['E']);
      // A top-level main wins over a nested one declared first.
      assert.deepEqual(scanJava('class O { static class N { static void main(String[] a) {} } }\nclass M { static void main(String[] a) {} }').mains, ['M', 'O$N']);
      assert.deepEqual(javaMainClass(new Map([['Main.java', Buffer.from('package p;\nclass H {}\nfinal class Solve { static public void main(String[] a) {} }')]])), {
        ok: true,
        entry: 'p.Solve',
      });
    });

    it('saves a single source under its public top-level class, whatever its kind', () => {
      assert.equal(javaSourceFileName('class A {}\npublic final class B { public static class C {} }'), 'B.java');
      assert.equal(javaSourceFileName('/* public class Z */ public record R(int x) {}'), 'R.java');
      assert.equal(javaSourceFileName('class A { public static void main(String[] a) {} }'), 'Main.java');
    });
  });

  describe('a JVM under a data limit (the limit at allocation a contest judge sets)', () => {
    const prlimit = which('prlimit');
    for (const limitMiB of [256, 1024]) {
      it(`starts, recurses 100 000 deep and fills half its heap under RLIMIT_DATA = ${limitMiB} MiB`, function () {
        if (!installed(JAVA) || !prlimit) this.skip();
        const dir = scratch('se-jvm-');
        fs.writeFileSync(path.join(dir, 'Main.java'), JAVA_HELPER_FIRST);
        const { language, toolchain } = detectLanguages().get(JAVA)!;
        const compile = language.compile!(toolchain, 'Main', ['Main.java'], { memoryLimitKb: 2 * 1024 * 1024 });
        const built = spawnSync(compile[0], compile.slice(1), { cwd: dir, encoding: 'utf8' });
        assert.equal(built.status, 0, built.stderr);
        const run = language.run(toolchain, 'Main', { memoryLimitKb: limitMiB * 1024 });
        const heap = Number(/-Xmx(\d+)m/.exec(run.join(' '))?.[1]);
        assert.ok(heap > 0, `a heap size in ${run.join(' ')}`);
        // Half the heap in longs: the program allocates it at once.
        const longs = String(Math.floor((heap * 1024 * 1024) / 8 / 2));
        const env = { ...process.env, ...language.env?.(toolchain) };
        const r = spawnSync(prlimit, [`--data=${limitMiB * 1024 * 1024}`, ...run, longs], { cwd: dir, input: '21\n', encoding: 'utf8', env });
        assert.equal(r.status, 0, `${run.join(' ')}\n${r.stdout}${r.stderr}`);
        assert.equal(r.stdout, '42 100000\n');
      });
    }
  });

  describe('over the Compilers API', () => {
    let emu: TestEmulator;
    before(async () => {
      emu = await startTestEmulator();
    });
    after(() => emu?.close());

    async function judged(body: Record<string, unknown>) {
      const res = await fetch(emu.url('compilers', '/submissions'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const { id } = await json(res);
      assert.equal(res.status, 201);
      return waitUntilDone(emu, 'compilers', id);
    }

    it('C: a program calling exp and acos on a run-time value links with -lm and runs', async function () {
      if (!installed(C)) this.skip();
      const source =
        '#include <math.h>\n#include <stdio.h>\nint main(void) { double x; if (scanf("%lf", &x) != 1) return 1; printf("%.3f %.3f\\n", exp(x), acos(x / 10)); return 0; }\n';
      const sub = await judged({ compilerId: C, source, input: '1' });
      assert.equal(sub.result.status.code, 15, await streamText(sub, 'cmpinfo'));
      assert.equal(await streamText(sub, 'output'), '2.718 1.471\n');
    });

    it('Rust: edition 2021, as contest judges compile it (arrays iterate by value, TryFrom in the prelude)', async function () {
      if (!installed(RUST)) this.skip();
      const source = 'fn main() {\n    let v: Vec<i32> = [1, 2].into_iter().collect();\n    println!("{} {}", v.len(), u8::try_from(300i32).unwrap_or(7));\n}\n';
      const sub = await judged({ compilerId: RUST, source });
      assert.equal(sub.result.status.code, 15, await streamText(sub, 'cmpinfo'));
      assert.equal(await streamText(sub, 'output'), '2 7\n');
    });

    it('Java: a file declaring a helper class (and a nested one) before the main class runs the main class', async function () {
      if (!installed(JAVA)) this.skip();
      const sub = await judged({ compilerId: JAVA, source: JAVA_HELPER_FIRST, input: '21', memoryLimit: 512 * 1024 });
      assert.equal(sub.result.status.code, 15, `${await streamText(sub, 'cmpinfo')}${await streamText(sub, 'error')}`);
      assert.equal(await streamText(sub, 'output'), '42 100000\n');
    });
  });
});
