// What the three views say while empty, in the moments a person sees them (issue 40, item 4): the
// manifest's viewsWelcome `when` clauses evaluated for the context keys of each moment. Before the
// connection is loaded (keys unset: the extension has not activated yet after a reload) and while the
// local emulator is starting, no view may say "Set … Access Token" or "not running": only what is
// happening. The evaluator covers the clauses the manifest uses (&&, ||, !, ==, !=).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

const ROOT = REPO_ROOT;
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { viewsWelcome: Array<{ view: string; contents: string; when?: string }> };
};
const texts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

type Keys = Record<string, string | boolean | undefined>;

/** A `when` clause of the forms the manifest uses, evaluated as VS Code does (an unset key is falsy). */
export function evaluateWhen(when: string | undefined, keys: Keys): boolean {
  if (!when) return true;
  return when.split('||').some((any) =>
    any.split('&&').every((term) => {
      const t = term.trim();
      const cmp = /^([\w.]+)\s*(==|!=)\s*(\S+)$/.exec(t);
      if (cmp) return (String(keys[cmp[1]]) === cmp[3]) === (cmp[2] === '==');
      if (t.startsWith('!')) return !keys[t.slice(1).trim()];
      return !!keys[t];
    }),
  );
}

/** The welcome texts a view shows for these keys (while its tree is empty). */
function shown(view: string, keys: Keys): string[] {
  return manifest.contributes.viewsWelcome
    .filter((entry) => entry.view === view && evaluateWhen(entry.when, keys))
    .map((entry) => texts[entry.contents.replace(/^%|%$/g, '')] ?? entry.contents);
}

const VIEWS = ['sphereEngine.workspaces', 'sphereEngine.problems', 'sphereEngine.submissions'];
const ALARMING = /Set \w+ Access Token|not running|Sign in/;

describe('welcome views: what an empty view says while the window gets ready', () => {
  it('evaluates when clauses as VS Code does', () => {
    assert.equal(evaluateWhen('a && !b', { a: true }), true);
    assert.equal(evaluateWhen('a && !b', { a: true, b: true }), false);
    assert.equal(evaluateWhen('x == flat || a', { x: 'flat' }), true);
    assert.equal(evaluateWhen('x != flat', {}), true);
  });

  it('before the connection is loaded (right after a reload) says it is loading, never "Set … Access Token"', () => {
    for (const view of VIEWS) {
      const texts = shown(view, {});
      assert.ok(texts.length > 0, `${view} is blank`);
      assert.deepEqual(
        texts.filter((t) => ALARMING.test(t)),
        [],
        view,
      );
      assert.match(texts.join('\n'), /Loading the Sphere Engine connection/, view);
    }
  });

  it('while the local emulator auto-starts (found gone after a reload) says "Starting the local emulator…"', () => {
    // The emulator profile keeps its tokens while its emulator is gone: signed in, emulator stopped.
    const keys: Keys = {
      'sphereEngine.connectionReady': true,
      'sphereEngine.emulatorStarting': true,
      'sphereEngine.emulatorStopped': true,
      'sphereEngine.containers.signedIn': true,
      'sphereEngine.problems.signedIn': true,
    };
    for (const view of VIEWS) {
      const texts = shown(view, keys);
      assert.deepEqual(
        texts.filter((t) => ALARMING.test(t)),
        [],
        view,
      );
      assert.match(texts.join('\n'), /Starting the local emulator…/, view);
    }
    // The same while signed out (no token stored yet): starting, not "Set … Access Token".
    for (const view of VIEWS) {
      const texts = shown(view, { 'sphereEngine.connectionReady': true, 'sphereEngine.emulatorStarting': true });
      assert.deepEqual(
        texts.filter((t) => ALARMING.test(t)),
        [],
        view,
      );
    }
  });

  it('once loaded, signed out: offers sign-in; emulator stopped: says so with Start Local Emulator', () => {
    for (const view of ['sphereEngine.workspaces', 'sphereEngine.problems']) {
      assert.match(shown(view, { 'sphereEngine.connectionReady': true }).join('\n'), /Set \w+ Access Token/, view);
      const stopped = {
        'sphereEngine.connectionReady': true,
        'sphereEngine.emulatorStopped': true,
        'sphereEngine.containers.signedIn': true,
        'sphereEngine.problems.signedIn': true,
      };
      assert.match(shown(view, stopped).join('\n'), /local emulator is not running/, view);
    }
  });
});
