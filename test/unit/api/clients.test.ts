// Wire format of every client method: method, path, query, body encoding, multipart parts.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CompilersClient, ContainersClient, ProblemsClient, SphereApiError } from '../../../src/api';
import { parseForm, startRecordingServer, type RecordedRequest, type RecordingServer } from './recording-server';

const TOKEN = 'clients-token-7';
const b64 = (s: string) => encodeURIComponent(Buffer.from(s).toString('base64'));

type Clients = { containers: ContainersClient; compilers: CompilersClient; problems: ProblemsClient };

interface Case {
  /** `<module>.<method>` first, then a free description. */
  name: string;
  call: (c: Clients, tmp: string) => Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  /** Checks on the recorded request and the returned value. */
  check?: (req: RecordedRequest, result: any) => void | Promise<void>;
  /** JSON answer. */
  reply?: unknown;
  /** Raw answer (streams, files); the result must equal it. */
  raw?: string;
}

const form = (req: RecordedRequest) => new URLSearchParams(req.body.toString());
const isUrlencoded = (req: RecordedRequest) => assert.match(String(req.headers['content-type']), /^application\/x-www-form-urlencoded/);
const isMultipart = (req: RecordedRequest) => assert.match(String(req.headers['content-type']), /^multipart\/form-data; boundary=/);
const fileText = async (f: FormData, name: string) => {
  const v = f.get(name);
  assert.ok(v && typeof v === 'object', `part ${name} is a file`);
  return (v as File).text();
};

const cases: Case[] = [
  // ---- containers ----
  {
    name: 'containers.test',
    call: ({ containers }) => containers.test(),
    method: 'GET',
    path: '/containers/api/v1/test',
    reply: { message: 'hi' },
    check: (_r, res) => assert.deepEqual(res, { message: 'hi' }),
  },
  {
    name: 'containers.listWorkspaces sends repeated states[]',
    call: ({ containers }) => containers.listWorkspaces({ projectId: 'p1', states: [1, 2], limit: 5, pageToken: 'tok' }),
    method: 'GET',
    path: '/containers/api/v1/workspaces',
    query: { project_id: 'p1', 'states[]': ['1', '2'], limit: '5', page_token: 'tok' },
    reply: { items: [{ id: 'w', state: { code: '2', name: 'running' } }], paging: { next_page_token: null, previous_page_token: null } },
    check: (_r, res) => assert.equal(res.items[0].state.code, 2, 'string state code normalised to number'),
  },
  {
    name: 'containers.createWorkspace urlencoded, current field names only',
    call: ({ containers }) =>
      containers.createWorkspace({ projectId: 'p1', inactivityTimeout: 20, autoResume: false, retentionTimeStopped: 60, retentionTimeTotal: 120, workspaceTokenRequired: true }),
    method: 'POST',
    path: '/containers/api/v1/workspaces',
    reply: { message: 'created', workspace: { id: 'w1', state: { code: 1, name: 'starting' } } },
    check: (req, res) => {
      isUrlencoded(req);
      const f = form(req);
      assert.equal(f.get('project_id'), 'p1');
      assert.equal(f.get('inactivity_timeout'), '20');
      assert.equal(f.get('auto_resume'), '0');
      assert.equal(f.get('workspace_token_required'), '1');
      assert.equal(f.get('retention_time_stopped'), '60');
      assert.equal(f.get('retention_time_total'), '120');
      assert.equal(f.has('max_inactive_storage_time'), false);
      assert.equal(f.has('max_storage_time'), false);
      assert.equal(res.workspace.id, 'w1');
    },
  },
  {
    name: 'containers.createWorkspace with files: multipart `files`',
    call: ({ containers }, tmp) => containers.createWorkspace({ projectId: 'p1', filesArchivePath: path.join(tmp, 'files.tar.gz') }),
    method: 'POST',
    path: '/containers/api/v1/workspaces',
    reply: { message: 'created', workspace: { id: 'w1', state: { code: 1, name: 'starting' } } },
    check: async (req) => {
      isMultipart(req);
      const f = await parseForm(req);
      assert.equal(f.get('project_id'), 'p1');
      assert.equal((f.get('files') as File).name, 'files.tar.gz');
      assert.equal(await fileText(f, 'files'), 'ARCHIVE-BYTES');
    },
  },
  {
    name: 'containers.getWorkspace',
    call: ({ containers }) => containers.getWorkspace('w1'),
    method: 'GET',
    path: '/containers/api/v1/workspaces/w1',
    reply: { id: 'w1', state: { code: 3, name: 'stopped' } },
    check: (_r, res) => assert.equal(res.state.error_reason, null),
  },
  {
    name: 'containers.getWorkspaceStream',
    call: ({ containers }) => containers.getWorkspaceStream('w1', 'workspace_init_output'),
    method: 'GET',
    path: '/containers/api/v1/workspaces/w1/workspace_init_output',
    raw: 'init log',
  },
  {
    name: 'containers.stopWorkspace',
    call: ({ containers }) => containers.stopWorkspace('w1'),
    method: 'PUT',
    path: '/containers/api/v1/workspaces/w1/stop',
    reply: { message: 'stopped' },
  },
  {
    name: 'containers.resumeWorkspace',
    call: ({ containers }) => containers.resumeWorkspace('w1'),
    method: 'PUT',
    path: '/containers/api/v1/workspaces/w1/resume',
    reply: { message: 'resumed' },
  },
  {
    name: 'containers.removeWorkspace',
    call: ({ containers }) => containers.removeWorkspace('w1'),
    method: 'PUT',
    path: '/containers/api/v1/workspaces/w1/remove',
    reply: { message: 'removed' },
  },
  {
    name: 'containers.uploadFile from a Buffer: filedata + filepath',
    call: ({ containers }) => containers.uploadFile('w1', '/home/user/workspace/src/main.py', Buffer.from('print(1)')),
    method: 'POST',
    path: '/containers/api/v1/workspaces/w1/files',
    reply: { path: '/home/user/workspace/src/main.py' },
    check: async (req, res) => {
      isMultipart(req);
      const f = await parseForm(req);
      assert.equal(f.get('filepath'), 'src/main.py');
      assert.equal((f.get('filedata') as File).name, 'main.py');
      assert.equal(await fileText(f, 'filedata'), 'print(1)');
      assert.deepEqual(res, { path: '/home/user/workspace/src/main.py' });
    },
  },
  {
    name: 'containers.uploadFile streamed from a file path',
    call: ({ containers }, tmp) => containers.uploadFile('w1', 'data/in.txt', { path: path.join(tmp, 'in.txt') }),
    method: 'POST',
    path: '/containers/api/v1/workspaces/w1/files',
    reply: { path: '/home/user/workspace/data/in.txt' },
    check: async (req) => {
      const f = await parseForm(req);
      assert.equal(f.get('filepath'), 'data/in.txt');
      assert.equal(await fileText(f, 'filedata'), 'line1\nline2\n');
    },
  },
  {
    name: 'containers.downloadFile base64 path',
    call: ({ containers }) => containers.downloadFile('w1', 'src/ąę ü?.py'),
    method: 'GET',
    path: `/containers/api/v1/workspaces/w1/files/${b64('src/ąę ü?.py')}`,
    raw: 'bytes',
  },
  {
    name: 'containers.listFiles root (no path)',
    call: ({ containers }) => containers.listFiles('w1'),
    method: 'GET',
    path: '/containers/api/v1/workspaces/w1/list_files',
    reply: { listed_dir: '/home/user/workspace', files: [], dirs: [] },
  },
  {
    name: 'containers.listFiles subdir base64',
    call: ({ containers }) => containers.listFiles('w1', 'src/lib'),
    method: 'GET',
    path: `/containers/api/v1/workspaces/w1/list_files/${b64('src/lib')}`,
    reply: { listed_dir: '/home/user/workspace/src/lib', files: [], dirs: [] },
  },
  {
    name: 'containers.createSubmission multipart source archive',
    call: ({ containers }, tmp) => containers.createSubmission({ projectId: 'p1', scenario: 'run', sourcePath: path.join(tmp, 'files.tar.gz') }),
    method: 'POST',
    path: '/containers/api/v1/submissions',
    reply: { message: 'ok', id: 77 },
    check: async (req, res) => {
      isMultipart(req);
      const f = await parseForm(req);
      assert.equal(f.get('project_id'), 'p1');
      assert.equal(f.get('scenario'), 'run');
      assert.equal(await fileText(f, 'source'), 'ARCHIVE-BYTES');
      assert.equal(res.id, 77);
    },
  },
  {
    name: 'containers.getSubmission',
    call: ({ containers }) => containers.getSubmission(77),
    method: 'GET',
    path: '/containers/api/v1/submissions/77',
    reply: { id: 77, executing: false, result: { status: { code: 15, name: 'ok' } } },
    check: (_r, res) => assert.deepEqual(res.streams, {}),
  },
  {
    name: 'containers.getSubmissionStream',
    call: ({ containers }) => containers.getSubmissionStream(77, 'stage_run_output'),
    method: 'GET',
    path: '/containers/api/v1/submissions/77/stage_run_output',
    raw: 'out',
  },
  {
    name: 'containers.listProjects',
    call: ({ containers }) => containers.listProjects({ limit: 20, pageToken: 'n' }),
    method: 'GET',
    path: '/containers/api/v1/projects',
    query: { limit: '20', page_token: 'n' },
    reply: { items: [], paging: { next_page_token: null } },
  },
  { name: 'containers.getProject', call: ({ containers }) => containers.getProject('p1'), method: 'GET', path: '/containers/api/v1/projects/p1', reply: { id: 'p1' } },

  // ---- compilers ----
  { name: 'compilers.test', call: ({ compilers }) => compilers.test(), method: 'GET', path: '/compilers/api/v4/test', reply: { message: 'hi' } },
  {
    name: 'compilers.listCompilers',
    call: ({ compilers }) => compilers.listCompilers(),
    method: 'GET',
    path: '/compilers/api/v4/compilers',
    reply: { items: [{ id: 116, name: 'Python 3', versions: [] }] },
    check: (_r, res) => assert.equal(res.items[0].id, 116),
  },
  {
    name: 'compilers.createSubmission urlencoded without files',
    call: ({ compilers }) =>
      compilers.createSubmission({
        source: 'print(input())',
        compilerId: 116,
        compilerVersionId: 7,
        input: '42',
        timeLimit: 3,
        memoryLimit: 65536,
        outputFilenames: ['a.png', 'b.log'],
      }),
    method: 'POST',
    path: '/compilers/api/v4/submissions',
    reply: { id: 5 },
    check: (req, res) => {
      isUrlencoded(req);
      const f = form(req);
      assert.equal(f.get('source'), 'print(input())');
      assert.equal(f.get('compilerId'), '116');
      assert.equal(f.get('compilerVersionId'), '7');
      assert.equal(f.get('input'), '42');
      assert.equal(f.get('timeLimit'), '3');
      assert.equal(f.get('memoryLimit'), '65536');
      assert.equal(f.get('output_filenames'), 'a.png;b.log');
      assert.deepEqual(res, { id: 5 });
    },
  },
  {
    name: 'compilers.createSubmission with files: files[<name>] parts',
    call: ({ compilers }, tmp) =>
      compilers.createSubmission({ compilerId: 116, files: { 'prog.py': Buffer.from('import lib'), 'lib/util.py': { path: path.join(tmp, 'in.txt') } } }),
    method: 'POST',
    path: '/compilers/api/v4/submissions',
    reply: { id: 6 },
    check: async (req) => {
      isMultipart(req);
      const f = await parseForm(req);
      assert.equal(f.get('compilerId'), '116');
      assert.equal((f.get('files[prog.py]') as File).name, 'prog.py');
      assert.equal(await fileText(f, 'files[prog.py]'), 'import lib');
      assert.equal(await fileText(f, 'files[lib/util.py]'), 'line1\nline2\n');
    },
  },
  {
    name: 'compilers.createSubmission with an archive: tar.gz in source',
    call: ({ compilers }, tmp) => compilers.createSubmission({ compilerId: 1, sourceArchivePath: path.join(tmp, 'files.tar.gz') }),
    method: 'POST',
    path: '/compilers/api/v4/submissions',
    reply: { id: 7 },
    check: async (req) => {
      isMultipart(req);
      assert.equal(await fileText(await parseForm(req), 'source'), 'ARCHIVE-BYTES');
    },
  },
  {
    name: 'compilers.getSubmission normalises signal_desc, keeps null streams',
    call: ({ compilers }) => compilers.getSubmission(5),
    method: 'GET',
    path: '/compilers/api/v4/submissions/5',
    reply: { id: 5, executing: false, result: { status: { code: 15, name: 'accepted' }, signal: 0, streams: { output: null } } },
    check: (_r, res) => {
      assert.equal(res.result.signal_desc, null);
      assert.equal(res.result.streams.output, null);
    },
  },
  {
    name: 'compilers.getSubmissions',
    call: ({ compilers }) => compilers.getSubmissions([1, 2, 3]),
    method: 'GET',
    path: '/compilers/api/v4/submissions',
    query: { ids: '1,2,3' },
    reply: { items: [] },
  },
  {
    name: 'compilers.getSubmissionStream',
    call: ({ compilers }) => compilers.getSubmissionStream(5, 'cmpinfo'),
    method: 'GET',
    path: '/compilers/api/v4/submissions/5/cmpinfo',
    raw: 'warning',
    check: (_r, res) => assert.ok(Buffer.isBuffer(res)),
  },

  // ---- problems ----
  { name: 'problems.test', call: ({ problems }) => problems.test(), method: 'GET', path: '/problems/api/v4/test', reply: { message: 'hi' } },
  { name: 'problems.listCompilers', call: ({ problems }) => problems.listCompilers(), method: 'GET', path: '/problems/api/v4/compilers', reply: { items: [] } },
  {
    name: 'problems.listProblems',
    call: ({ problems }) => problems.listProblems({ limit: 5, offset: 10, shortBody: true }),
    method: 'GET',
    path: '/problems/api/v4/problems',
    query: { limit: '5', offset: '10', shortBody: '1' },
    reply: { items: [{ id: 1, testCases: [{ number: 0 }] }], paging: { next: null } },
    check: (_r, res) => assert.deepEqual(res.items[0].testcases, [{ number: 0 }]),
  },
  {
    name: 'problems.createProblem',
    call: ({ problems }) => problems.createProblem({ name: 'Sum', body: 'Add', typeId: 0, interactive: false, masterjudgeId: 1001, code: 'SUM' }),
    method: 'POST',
    path: '/problems/api/v4/problems',
    reply: { id: 9, code: 'SUM' },
    check: (req) => {
      isUrlencoded(req);
      const f = form(req);
      assert.equal(f.get('name'), 'Sum');
      assert.equal(f.get('masterjudgeId'), '1001');
      assert.equal(f.get('interactive'), '0');
      assert.equal(f.get('typeId'), '0');
      assert.equal(f.get('code'), 'SUM');
    },
  },
  {
    name: 'problems.getProblem',
    call: ({ problems }) => problems.getProblem(9, { shortBody: false }),
    method: 'GET',
    path: '/problems/api/v4/problems/9',
    query: { shortBody: '0' },
    reply: { id: 9 },
    check: (_r, res) => assert.equal(res.shortBody, null),
  },
  {
    name: 'problems.updateProblem',
    call: ({ problems }) => problems.updateProblem(9, { name: 'Sum2', activeTestcases: [0, 2] }),
    method: 'PUT',
    path: '/problems/api/v4/problems/9',
    reply: {},
    check: (req) => assert.equal(form(req).get('activeTestcases'), '0,2'),
  },
  { name: 'problems.deleteProblem', call: ({ problems }) => problems.deleteProblem(9), method: 'DELETE', path: '/problems/api/v4/problems/9', reply: {} },
  { name: 'problems.listTestCases', call: ({ problems }) => problems.listTestCases(9), method: 'GET', path: '/problems/api/v4/problems/9/testcases', reply: { items: [] } },
  {
    name: 'problems.createTestCase',
    call: ({ problems }) => problems.createTestCase(9, { input: '1 2', output: '3', timeLimit: 1.5, judgeId: 1, active: true }),
    method: 'POST',
    path: '/problems/api/v4/problems/9/testcases',
    reply: { number: 0 },
    check: (req) => {
      const f = form(req);
      assert.equal(f.get('input'), '1 2');
      assert.equal(f.get('output'), '3');
      assert.equal(f.get('timeLimit'), '1.5');
      assert.equal(f.get('judgeId'), '1');
      assert.equal(f.get('active'), '1');
    },
  },
  { name: 'problems.getTestCase', call: ({ problems }) => problems.getTestCase(9, 0), method: 'GET', path: '/problems/api/v4/problems/9/testcases/0', reply: { number: 0 } },
  {
    name: 'problems.updateTestCase',
    call: ({ problems }) => problems.updateTestCase(9, 0, { output: '4' }),
    method: 'PUT',
    path: '/problems/api/v4/problems/9/testcases/0',
    reply: {},
    check: (req) => assert.equal(form(req).get('output'), '4'),
  },
  { name: 'problems.deleteTestCase', call: ({ problems }) => problems.deleteTestCase(9, 0), method: 'DELETE', path: '/problems/api/v4/problems/9/testcases/0', reply: {} },
  {
    name: 'problems.getTestCaseFile input',
    call: ({ problems }) => problems.getTestCaseFile(9, 0, 'input'),
    method: 'GET',
    path: '/problems/api/v4/problems/9/testcases/0/input',
    raw: '1 2',
  },
  {
    name: 'problems.downloadTestCaseFile streams into the file, with size and SHA-256',
    call: async ({ problems }, tmp) => {
      const file = path.join(tmp, 'dl.in');
      const got = await problems.downloadTestCaseFile(9, 0, 'input', file);
      assert.deepEqual(got, { size: 3, sha256: createHash('sha256').update('1 2').digest('hex') });
      assert.equal(fs.existsSync(`${file}.part`), false);
      return fs.readFileSync(file);
    },
    method: 'GET',
    path: '/problems/api/v4/problems/9/testcases/0/input',
    raw: '1 2',
  },
  {
    name: 'problems.createTestCaseFromFiles multipart, files read from disk',
    call: ({ problems }, tmp) =>
      problems.createTestCaseFromFiles(9, { inputPath: path.join(tmp, 'in.txt'), outputPath: path.join(tmp, 'in.txt'), timeLimit: 2, judgeId: 10, active: false }),
    method: 'POST',
    path: '/problems/api/v4/problems/9/testcases',
    reply: { number: 4 },
    check: async (req, res) => {
      isMultipart(req);
      const f = await parseForm(req);
      assert.equal(await fileText(f, 'input'), 'line1\nline2\n');
      assert.equal(await fileText(f, 'output'), 'line1\nline2\n');
      assert.deepEqual([f.get('timeLimit'), f.get('judgeId'), f.get('active')], ['2', '10', '0']);
      assert.equal(res.number, 4);
    },
  },
  {
    name: 'problems.updateTestCaseFromFiles sends only the fields given',
    call: ({ problems }, tmp) => problems.updateTestCaseFromFiles(9, 4, { outputPath: path.join(tmp, 'in.txt') }),
    method: 'PUT',
    path: '/problems/api/v4/problems/9/testcases/4',
    reply: {},
    check: async (req) => {
      const f = await parseForm(req);
      assert.deepEqual([...f.keys()], ['output']);
    },
  },
  {
    name: 'problems.getTestCaseFile output',
    call: ({ problems }) => problems.getTestCaseFile(9, 0, 'output'),
    method: 'GET',
    path: '/problems/api/v4/problems/9/testcases/0/output',
    raw: '3',
  },
  {
    name: 'problems.listJudges',
    call: ({ problems }) => problems.listJudges({ limit: 10, offset: 0, typeId: 1 }),
    method: 'GET',
    path: '/problems/api/v4/judges',
    query: { limit: '10', offset: '0', typeId: '1' },
    reply: { items: [] },
  },
  {
    name: 'problems.createJudge',
    call: ({ problems }) => problems.createJudge({ source: 'int main(){}', compilerId: 1, typeId: 0, name: 'J', shared: true }),
    method: 'POST',
    path: '/problems/api/v4/judges',
    reply: { id: 3 },
    check: (req) => {
      const f = form(req);
      assert.equal(f.get('source'), 'int main(){}');
      assert.equal(f.get('compilerId'), '1');
      assert.equal(f.get('typeId'), '0');
      assert.equal(f.get('shared'), '1');
    },
  },
  { name: 'problems.getJudge', call: ({ problems }) => problems.getJudge(3), method: 'GET', path: '/problems/api/v4/judges/3', reply: { id: 3 } },
  {
    name: 'problems.updateJudge',
    call: ({ problems }) => problems.updateJudge(3, { name: 'J2' }),
    method: 'PUT',
    path: '/problems/api/v4/judges/3',
    reply: {},
    check: (req) => assert.equal(form(req).get('name'), 'J2'),
  },
  { name: 'problems.getJudgeFile', call: ({ problems }) => problems.getJudgeFile(3), method: 'GET', path: '/problems/api/v4/judges/3/source', raw: 'int main(){}' },
  {
    name: 'problems.createSubmission urlencoded, tests joined',
    call: ({ problems }) => problems.createSubmission({ problemId: 9, compilerId: 116, source: 'print(3)', tests: [0, 2] }),
    method: 'POST',
    path: '/problems/api/v4/submissions',
    reply: { id: 11 },
    check: (req) => {
      isUrlencoded(req);
      const f = form(req);
      assert.equal(f.get('problemId'), '9');
      assert.equal(f.get('compilerId'), '116');
      assert.equal(f.get('source'), 'print(3)');
      assert.equal(f.get('tests'), '0,2');
    },
  },
  {
    name: 'problems.createSubmission with files',
    call: ({ problems }) => problems.createSubmission({ problemId: 9, compilerId: 116, files: { 'prog.py': Buffer.from('x') } }),
    method: 'POST',
    path: '/problems/api/v4/submissions',
    reply: { id: 12 },
    check: async (req) => {
      isMultipart(req);
      const f = await parseForm(req);
      assert.equal(f.get('problemId'), '9');
      assert.equal(await fileText(f, 'files[prog.py]'), 'x');
    },
  },
  {
    name: 'problems.getSubmission testcases → testCases, string codes to numbers',
    call: ({ problems }) => problems.getSubmission(11),
    method: 'GET',
    path: '/problems/api/v4/submissions/11',
    reply: { id: 11, executing: false, result: { status: { code: 15, name: 'success' }, testcases: [{ number: '0', status: { code: '15', name: 'accepted' } }] } },
    check: (_r, res) => {
      assert.equal(res.result.testcases, undefined);
      assert.equal(res.result.testCases[0].number, 0);
      assert.equal(res.result.testCases[0].status.code, 15);
      assert.equal(res.result.signal_desc, null);
    },
  },
  {
    name: 'problems.getSubmissions',
    call: ({ problems }) => problems.getSubmissions([11, 12]),
    method: 'GET',
    path: '/problems/api/v4/submissions',
    query: { ids: '11,12' },
    reply: { items: [{ id: 11, result: { status: { code: 15, name: 'accepted' }, testCases: [] } }] },
    check: (_r, res) => assert.deepEqual(res.items[0].result.testCases, []),
  },
  { name: 'problems.rejudge', call: ({ problems }) => problems.rejudge(11), method: 'PUT', path: '/problems/api/v4/submissions/11', reply: {} },
  {
    name: 'problems.getSubmissionStream',
    call: ({ problems }) => problems.getSubmissionStream(11, 'debug'),
    method: 'GET',
    path: '/problems/api/v4/submissions/11/debug',
    raw: 'judge notes',
  },
];

describe('api clients: wire format of every method', () => {
  let server: RecordingServer;
  let tmp: string;
  let clients: Clients;
  before(async () => {
    server = await startRecordingServer();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-api-clients-'));
    fs.writeFileSync(path.join(tmp, 'files.tar.gz'), 'ARCHIVE-BYTES');
    fs.writeFileSync(path.join(tmp, 'in.txt'), 'line1\nline2\n');
    clients = {
      containers: new ContainersClient({ endpoint: `${server.origin}/containers`, token: TOKEN }),
      compilers: new CompilersClient({ endpoint: `${server.origin}/compilers/api/v4`, token: TOKEN }),
      problems: new ProblemsClient({ endpoint: `${server.origin}/problems/`, token: TOKEN }),
    };
  });
  after(async () => {
    await Promise.all(Object.values(clients).map((c) => c.close()));
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  for (const c of cases) {
    it(c.name, async () => {
      server.requests.length = 0;
      server.handler = () => (c.raw !== undefined ? { text: c.raw } : { status: c.method === 'POST' ? 201 : 200, json: c.reply ?? {} });
      const result = await c.call(clients, tmp);
      assert.equal(server.requests.length, 1);
      const req = server.requests[0];
      assert.equal(req.method, c.method);
      assert.equal(req.path, c.path);
      assert.equal(req.query.get('access_token'), TOKEN);
      for (const [k, v] of Object.entries(c.query ?? {})) {
        assert.deepEqual(Array.isArray(v) ? req.query.getAll(k) : req.query.get(k), v, `query ${k}`);
      }
      if (c.raw !== undefined) assert.equal(String(result), c.raw);
      await c.check?.(req, result);
    });
  }

  it('every public client method has a wire case', () => {
    const covered = new Set(cases.map((c) => c.name.split(' ')[0]));
    const protos = [
      ['containers', ContainersClient.prototype],
      ['compilers', CompilersClient.prototype],
      ['problems', ProblemsClient.prototype],
    ] as const;
    for (const [name, proto] of protos) {
      for (const m of Object.getOwnPropertyNames(proto)) {
        if (m === 'constructor' || m === 'close' || m.startsWith('iterate')) continue;
        assert.ok(covered.has(`${name}.${m}`), `${name}.${m} has no wire test`);
      }
    }
  });

  describe('local validation (nothing sent)', () => {
    beforeEach(() => {
      server.requests.length = 0;
    });
    afterEach(() => assert.equal(server.requests.length, 0, 'nothing reached the server'));

    it('getSubmissions refuses more than 20 ids, none, and non-positive ids', async () => {
      const ids = Array.from({ length: 21 }, (_, i) => i + 1);
      await assert.rejects(clients.compilers.getSubmissions(ids), (e: unknown) => e instanceof SphereApiError && e.kind === 'invalidArgument' && /20/.test(e.message));
      await assert.rejects(clients.problems.getSubmissions([]), (e: unknown) => e instanceof SphereApiError && e.kind === 'invalidArgument');
      await assert.rejects(clients.compilers.getSubmissions([1, -2]), (e: unknown) => e instanceof SphereApiError && e.kind === 'invalidArgument');
    });

    it('accepts exactly 20 ids', async () => {
      server.handler = () => ({ json: { items: [] } });
      await clients.compilers.getSubmissions(Array.from({ length: 20 }, (_, i) => i + 1));
      assert.equal(server.requests.length, 1);
      server.requests.length = 0;
    });

    it('createSubmission refuses an empty source', async () => {
      await assert.rejects(clients.compilers.createSubmission({ compilerId: 116, source: '' }), (e: unknown) => e instanceof SphereApiError && e.action === 'fixInput');
      await assert.rejects(clients.problems.createSubmission({ problemId: 1, compilerId: 116 }), SphereApiError);
      await assert.rejects(clients.problems.createSubmission({ problemId: 1, compilerId: 116, source: 'x', tests: [] }), SphereApiError);
    });

    it('uploadFile and downloadFile need a path inside the workspace', async () => {
      await assert.rejects(clients.containers.uploadFile('w1', '/home/user/workspace', Buffer.from('x')), SphereApiError);
      await assert.rejects(clients.containers.downloadFile('w1', ''), SphereApiError);
    });
  });
});
