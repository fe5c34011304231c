// A bundle apart (esbuild.js APART: the stress core) carries its own copy of src/api's errors
// module and meets the errors dist/extension.js's clients make. Two copies of the module are made
// here the way two bundles make them: the same file loaded twice.
import * as assert from 'node:assert/strict';
import type * as Errors from '../../../src/api/errors';

function twoCopies(): [typeof Errors, typeof Errors] {
  const file = require.resolve('../../../src/api/errors');
  const first = require(file) as typeof Errors;
  delete require.cache[file];
  const second = require(file) as typeof Errors;
  delete require.cache[file];
  return [first, second];
}

describe('SphereApiError across copies of src/api (bundles apart)', () => {
  const [main, apart] = twoCopies();
  const http = (status: number) => main.errorFromHttp({ module: 'compilers', method: 'GET', url: 'http://127.0.0.1:1/compilers/api/v4/submissions/1/error', status });

  it('is two classes, and an error of either copy is an instance of both', () => {
    assert.notEqual(main.SphereApiError, apart.SphereApiError);
    assert.ok(http(404) instanceof apart.SphereApiError);
    assert.ok(apart.invalidArgument('compilers', 'x') instanceof main.SphereApiError);
  });

  it("the other copy's helpers read it: a 5xx is ridden out, a 404 is not", () => {
    assert.equal(apart.isTransientError(http(503)), true);
    assert.equal(apart.isTransientError(http(404)), false);
  });

  it('nothing else passes for one: a plain Error, one named like it, a look-alike object', () => {
    const named = new Error('x');
    named.name = 'SphereApiError';
    for (const value of [new Error('x'), named, { name: 'SphereApiError', status: 404 }, null, undefined, 'SphereApiError']) {
      assert.equal(value instanceof main.SphereApiError, false, String(value));
    }
  });

  it('a subclass keeps the ordinary rule: an error of the family is not an instance of it', () => {
    class Narrower extends main.SphereApiError {}
    const narrow = new Narrower({ module: 'compilers', kind: 'invalidArgument', explanation: 'x', action: 'fixInput' });
    assert.ok(narrow instanceof main.SphereApiError);
    assert.ok(narrow instanceof Narrower);
    assert.equal(http(404) instanceof Narrower, false);
  });
});
