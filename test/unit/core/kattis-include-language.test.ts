// A submission that include/<language>/ files joined keeps the language detected before they did
// (kattis.json's `included`): the included files are no evidence, and never its entry.
import * as assert from 'node:assert/strict';
import { prepareKattis } from '../../../src/core/kattis/languages';
import { useScratch, writeTree as tree } from '../../scratch';

describe('Kattis include/<language>/: the language detected before the files were added', () => {
  const scratch = useScratch();
  const offered = [
    { id: 4, name: 'Python 2' },
    { id: 116, name: 'Python 3' },
  ];

  it('sends a #!python2 file joined by a helper as Python 2, its own file as prog.py; counted afresh it would be Python 3', () => {
    const dir = tree(scratch('kattis-incl-'), {
      'solutions/accepted/hello2/hello2.py': '#!/usr/bin/env python2\nfrom greeting import greet\n',
      'solutions/accepted/hello2/greeting.py': 'def greet(n):\n    print "x"\n',
    });
    const solution = { file: 'solutions/accepted/hello2', expected: 'accepted' as const, files: ['greeting.py', 'hello2.py'] };
    const known = prepareKattis(
      dir,
      () => 'hello2.py',
      () => 'python2',
    )(solution, offered);
    assert.ok('files' in known, JSON.stringify(known));
    assert.equal(known.compilerId, 4);
    assert.deepEqual(Object.keys(known.files).sort(), ['greeting.py', 'prog.py']);
    assert.match(known.files['prog.py'].toString(), /^#!\/usr\/bin\/env python2/);
    const counted = prepareKattis(dir)(solution, offered);
    assert.equal('compilerId' in counted && counted.compilerId, 116, 'two .py files, one python2 line: Python 3 wins the count');
  });
});
