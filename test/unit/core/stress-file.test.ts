// stress.json as a repository may hold it: the programs named by plain file names of the folder
// only (no path, no link, no folder), numbers within bounds; written back with names, never through a link.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readStressFile, StressFileError, writeStressFile } from '../../../src/core/stress/stress-file';

describe('core/stress: stress.json', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stress-file-'));
    fs.writeFileSync(path.join(dir, 'gen.py'), 'print(1)\n');
    fs.writeFileSync(path.join(dir, 'brute.py'), 'print(1)\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (data: unknown) => fs.writeFileSync(path.join(dir, 'stress.json'), typeof data === 'string' ? data : JSON.stringify(data));
  const refusal = async (pattern: RegExp) => {
    const err = await readStressFile(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof StressFileError, `refused as a StressFileError: ${String(err)}`);
    assert.match(err.message, pattern);
    assert.match(err.message, /Fix stress\.json or remove it|remove it/);
  };

  it('is optional, and gives absolute paths and the numbers when valid', async () => {
    assert.equal(await readStressFile(dir), undefined);
    write({ generator: 'gen.py', reference: 'brute.py', maxRounds: 50, timeLimit: 2 });
    assert.deepEqual(await readStressFile(dir), { generator: path.join(dir, 'gen.py'), reference: path.join(dir, 'brute.py'), maxRounds: 50, timeLimit: 2 });
  });

  it('refuses a path out of the folder, a folder, a link to a host file, and a missing program', async () => {
    write({ generator: '../gen.py', reference: 'brute.py' });
    await refusal(/"generator": "\.\.\/gen\.py" is refused/);
    write({ generator: 'gen.py', reference: '/etc/passwd' });
    await refusal(/"reference": "\/etc\/passwd" is refused/);
    fs.mkdirSync(path.join(dir, 'sub'));
    write({ generator: 'sub', reference: 'brute.py' });
    await refusal(/"generator": sub is not a regular file/);
    fs.symlinkSync('/etc/hostname', path.join(dir, 'ref.py'));
    write({ generator: 'gen.py', reference: 'ref.py' });
    await refusal(/"reference": ref\.py is a link, refused/);
    write({ generator: 'nope.py', reference: 'brute.py' });
    await refusal(/"generator": nope\.py is missing/);
  });

  it('refuses numbers out of bounds, bad JSON, a non-object and a stress.json that is a link', async () => {
    write({ generator: 'gen.py', reference: 'brute.py', maxRounds: 1e9 });
    await refusal(/"maxRounds" must be a whole number from 1 to 10000, not 1000000000/);
    write({ generator: 'gen.py', reference: 'brute.py', timeLimit: 'long' });
    await refusal(/"timeLimit" must be a whole number of seconds/);
    // The Compilers API takes whole seconds: 2.5 would pass the file and then be refused by the run.
    write({ generator: 'gen.py', reference: 'brute.py', timeLimit: 2.5 });
    await refusal(/"timeLimit" must be a whole number of seconds from 1 to 15, not 2.5/);
    write('{ generator: ');
    await refusal(/is not valid JSON/);
    write([1, 2]);
    await refusal(/must hold an object/);
    fs.rmSync(path.join(dir, 'stress.json'));
    fs.symlinkSync(path.join(dir, 'gen.py'), path.join(dir, 'stress.json'));
    await refusal(/is not a regular file \(a link or a folder\)/);
  });

  it('takes a judge among the built-in rules, refuses any other, and writes it back', async () => {
    write({ generator: 'gen.py', reference: 'brute.py', judge: 'floats-1e-6' });
    assert.equal((await readStressFile(dir))?.judge, 'floats-1e-6');
    write({ generator: 'gen.py', reference: 'brute.py', judge: 'checker.py' });
    await refusal(/"judge" must be one of "lines", "tokens", "floats-1e-2", "floats-1e-6", "exact", not "checker\.py"/);
    await writeStressFile(dir, { generator: path.join(dir, 'gen.py'), reference: path.join(dir, 'brute.py'), judge: 'tokens' });
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'stress.json'), 'utf8')).judge, 'tokens');
  });

  it('takes a checker of the folder as the programs are taken, refuses one out of it, and writes its name back', async () => {
    fs.writeFileSync(path.join(dir, 'checker.py'), 'import sys\nsys.exit(0)\n');
    write({ generator: 'gen.py', reference: 'brute.py', checker: 'checker.py' });
    assert.equal((await readStressFile(dir))?.checker, path.join(dir, 'checker.py'));
    write({ generator: 'gen.py', reference: 'brute.py', checker: '../../root/.ssh/id_rsa' });
    await refusal(/"checker": "\.\.\/\.\.\/root\/\.ssh\/id_rsa" is refused/);
    fs.symlinkSync('/etc/hostname', path.join(dir, 'judge.py'));
    write({ generator: 'gen.py', reference: 'brute.py', checker: 'judge.py' });
    await refusal(/"checker": judge\.py is a link, refused/);
    await writeStressFile(dir, { generator: path.join(dir, 'gen.py'), reference: path.join(dir, 'brute.py'), checker: path.join(dir, 'checker.py') });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'stress.json'), 'utf8')), { generator: 'gen.py', reference: 'brute.py', checker: 'checker.py' });
  });

  it('writes names (never paths) and never through a link left at its name', async () => {
    const file = await writeStressFile(dir, { generator: path.join(dir, 'gen.py'), reference: path.join(dir, 'brute.py'), maxRounds: 4 });
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { generator: 'gen.py', reference: 'brute.py', maxRounds: 4 });
    fs.rmSync(file);
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    fs.symlinkSync(victim, file);
    await assert.rejects(writeStressFile(dir, { generator: 'gen.py', reference: 'brute.py' }), /is a link: nothing was written/);
    assert.equal(fs.readFileSync(victim, 'utf8'), 'keep me');
  });
});
