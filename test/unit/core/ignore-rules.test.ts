// The built-in rules (.git, node_modules) are decided by a string test, not by the `ignore`
// matcher the other layers use: this checks the two agree, path by path.
import * as assert from 'node:assert/strict';
import ignore from 'ignore';
import { DEFAULT_IGNORE_RULES, IgnoreRules } from '../../../src/core/packer/ignore-rules';

/** What the matcher says for the built-in layer, with the walker's rule that an ignored parent gives no opinion. */
function byMatcher(relPath: string, isDirectory: boolean): { ignored: boolean; rule?: string } {
  const matcher = ignore().add(DEFAULT_IGNORE_RULES.join('\n'));
  const slash = relPath.lastIndexOf('/');
  if (slash > 0 && matcher.checkIgnore(relPath.slice(0, slash + 1)).ignored) return { ignored: false };
  const result = matcher.checkIgnore(isDirectory ? `${relPath}/` : relPath);
  return result.ignored ? { ignored: true, rule: result.rule?.pattern } : { ignored: false };
}

describe('core/ignore-rules: built-in rules', () => {
  const paths = [
    '.git',
    'node_modules',
    'src/.git',
    'a/b/node_modules',
    'node_modules/x',
    'node_modules/x/node_modules',
    '.git/config',
    'a/.git/objects',
    'x.git',
    '.gitignore',
    '.github',
    'node_modules_old',
    'my-node_modules',
    'src/app.ts',
    'src/.gitkeep',
    'a/node_modules.txt',
    'git',
    '.GIT',
    'Node_Modules/x',
    'a/NODE_MODULES',
  ];
  for (const isDirectory of [false, true]) {
    it(`agree with the ignore matcher for ${isDirectory ? 'folders' : 'files'}`, () => {
      const rules = IgnoreRules.forRoot();
      for (const p of paths) {
        const ours = rules.decide(p, isDirectory);
        const theirs = byMatcher(p, isDirectory);
        assert.equal(ours.ignored, theirs.ignored, `${p}: ignored`);
        if (theirs.ignored) {
          assert.equal(ours.rule, theirs.rule, `${p}: rule`);
          assert.equal(ours.source, 'built-in', `${p}: source`);
        }
      }
    });
  }

  it('a .sphereignore negation brings node_modules back, and its content stays in', () => {
    const rules = IgnoreRules.forRoot('!node_modules\n');
    assert.equal(rules.decide('node_modules', true).ignored, false);
    assert.equal(rules.decide('node_modules/left-pad/index.js', false).ignored, false);
    assert.equal(rules.decide('.git', true).ignored, true);
  });
});
