// The sandbox's /etc as one prepared copy (emulator/runner/sandbox-etc.ts): only the listed entries,
// only what every user may read, links as a bind showed them, and a copy that follows the host's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NETWORK_ETC, prepareEtc, SANDBOX_ETC } from '../../emulator/runner/sandbox-etc';

describe('sandbox /etc copy', () => {
  let dir: string;
  let host: string;
  let root: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-etc-'));
    host = path.join(dir, 'host-etc');
    root = path.join(dir, 'prepared');
    fs.mkdirSync(host);
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(host, 'ld.so.cache'), 'cache v1');
    fs.writeFileSync(path.join(host, 'passwd'), 'root:x:0:0');
    fs.writeFileSync(path.join(host, 'zone-target'), 'UTC');
    fs.symlinkSync(path.join(host, 'zone-target'), path.join(host, 'localtime'));
    fs.mkdirSync(path.join(host, 'ssl', 'certs'), { recursive: true });
    fs.symlinkSync('/usr/share/ca-certificates/a.crt', path.join(host, 'ssl', 'certs', 'a.pem'));
    fs.mkdirSync(path.join(host, 'ssl', 'private'), { mode: 0o700 });
    fs.writeFileSync(path.join(host, 'ssl', 'private', 'key.pem'), 'secret');
    fs.writeFileSync(path.join(host, 'ssl', 'owner-only.cnf'), 'x', { mode: 0o600 });
    fs.mkdirSync(path.join(host, 'java-17-openjdk'));
    fs.writeFileSync(path.join(host, 'java-17-openjdk', 'jvm.cfg'), '-server KNOWN');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies only the listed entries that every user may read, with the mount points a network run needs', () => {
    const etc = prepareEtc(host, root);
    assert.ok(etc, 'prepared');
    const shown = fs.readdirSync(etc.bindSource).sort();
    assert.deepEqual(shown, ['hosts', 'java-17-openjdk', 'ld.so.cache', 'localtime', 'resolv.conf', 'ssl'].sort());
    for (const name of shown) assert.ok([...SANDBOX_ETC, ...NETWORK_ETC].includes(name) || /^java-\d+/.test(name), name);
    assert.equal(fs.readFileSync(path.join(etc.bindSource, 'hosts'), 'utf8'), '', 'an empty mount point, nothing of the host');
    assert.deepEqual(fs.readdirSync(path.join(etc.bindSource, 'ssl')).sort(), ['certs'], 'private/ and an owner-only file are left out');
    assert.equal(fs.statSync(etc.bindSource).mode & 0o777, 0o755);
  });

  it('follows a top-level link as a bind did, and keeps links further down as links', () => {
    const etc = prepareEtc(host, root)!;
    const localtime = path.join(etc.bindSource, 'localtime');
    assert.ok(fs.lstatSync(localtime).isFile(), 'a copy of the target: the host folder it points into is not in the sandbox');
    assert.equal(fs.readFileSync(localtime, 'utf8'), 'UTC');
    assert.equal(fs.readlinkSync(path.join(etc.bindSource, 'ssl', 'certs', 'a.pem')), '/usr/share/ca-certificates/a.crt');
  });

  it('follows a change of the host entries at the next check, and keeps the copy a run may have mounted', () => {
    const etc = prepareEtc(host, root)!;
    const before = fs.realpathSync(etc.bindSource);
    fs.writeFileSync(path.join(host, 'ld.so.cache'), 'cache version 2');
    fs.writeFileSync(path.join(host, 'nsswitch.conf'), 'hosts: files');
    etc.refresh(true);
    assert.equal(fs.readFileSync(path.join(etc.bindSource, 'ld.so.cache'), 'utf8'), 'cache version 2');
    assert.equal(fs.readFileSync(path.join(etc.bindSource, 'nsswitch.conf'), 'utf8'), 'hosts: files');
    assert.equal(fs.readFileSync(path.join(before, 'ld.so.cache'), 'utf8'), 'cache v1', 'the older copy is left as it was');
    const after = fs.realpathSync(etc.bindSource);
    etc.refresh(true);
    assert.equal(fs.realpathSync(etc.bindSource), after, 'no change: no new copy');
  });
});
