// Submissions: accept (status 0), prepare the run folder (1), run the scenario (3), store streams
// and the final status. Runs cut by a restart end as 20 internal error when the module starts again.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EmulatorContext } from '../context';
import { apiError } from '../http/errors';
import type { Table } from '../store';
import { COLLECTIONS, COUNTERS } from '../store/collections';
import { copyOutBeneath, UnsafePathError } from '../fs-safety/beneath';
import { removeTree } from '../fs-safety/remove-tree';
import { ArchiveError, checkSubmissionArchive, extractArchive, listArchive, unpackBudget } from './archive';
import { defaultScenario, parseProjectConfig, type Scenario } from './project-config';
import { copyProjectFiles, type Project } from './projects';
import { auxdataFile, runLayout, runScenario, stageStreamFile, testsReportFile } from './stage-runner';
import { CONTAINERS_STATUS as C, CONTAINERS_UNFINISHED } from '../../contract';
import { emptyStages, submissionDir, submissionStreamFile, type SubmissionRecord } from './submission-model';
import type { ContainersStreamName } from '../../contract';
import { STAGES } from './project-config';

export class SubmissionService {
  private readonly running = new Map<number, AbortController>();
  /** Runs still unpacking into their folder: close() waits for these, so nothing writes after it. */
  private readonly preparing = new Set<Promise<void>>();
  private closed = false;
  private readonly table: Table<SubmissionRecord>;

  constructor(
    private readonly ctx: EmulatorContext,
    private readonly projects: Project[],
  ) {
    this.table = ctx.store.table<SubmissionRecord>(COLLECTIONS.containersSubmissions);
    for (const s of this.table.withState(CONTAINERS_UNFINISHED)) {
      s.status = C.internalError;
      fs.mkdirSync(path.dirname(submissionStreamFile(ctx, s.id, 'debug_log')), { recursive: true, mode: 0o700 });
      fs.appendFileSync(submissionStreamFile(ctx, s.id, 'debug_log'), 'the run was interrupted by an emulator restart; submit again\n', { mode: 0o600 });
      this.table.put(s);
      // What its program left in the run directory (however deep, whatever its modes) goes now, in the background.
      void removeTree(runDirOf(ctx, s.id));
    }
    ctx.onClose(async () => {
      this.closed = true;
      for (const run of this.running.values()) run.abort();
      // Unpacking is bounded (the unpack budget) and never waits on a program: once it settles,
      // execute() sees `closed` and leaves the data directory alone (a test removes it next).
      await Promise.allSettled([...this.preparing]);
    });
  }

  /** Writes this one submission (not after shutdown: the next start marks an unfinished run 20). */
  private save(record: SubmissionRecord): void {
    if (!this.closed) this.table.put(record);
  }

  get(id: string): SubmissionRecord {
    const s = /^\d+$/.test(id) ? this.table.get(Number(id)) : undefined;
    if (!s) throw apiError(404, 1001, 'submission not found');
    return s;
  }

  /** Validates the request, stores the source and starts the run in the background. */
  async create(projectId: string | undefined, scenarioName: string | undefined, source: Buffer | undefined): Promise<SubmissionRecord> {
    if (!projectId) throw apiError(400, 10, 'invalid request data: project_id is required');
    const project = this.projects.find((p) => p.id === projectId);
    if (!project) throw apiError(404, 200201, 'project not found');
    if (!source || source.length === 0) throw apiError(400, 10, 'invalid request data: source (a tar.gz archive) is required');
    try {
      checkSubmissionArchive(await listArchive(source, unpackBudget(this.ctx)));
    } catch (err) {
      if (err instanceof ArchiveError) throw apiError(400, 10, `invalid request data: ${err.message}`);
      throw err;
    }
    const parsed = parseProjectConfig(project.projectConfig);
    let scenario: Scenario | undefined;
    let scenarioLabel = scenarioName ?? '';
    if (parsed.ok) {
      const names = parsed.scenarios.map((s) => s.name);
      scenario = scenarioName ? parsed.scenarios.find((s) => s.name === scenarioName) : defaultScenario(parsed.scenarios);
      if (!scenario) {
        throw apiError(
          400,
          10,
          scenarioName
            ? `invalid request data: unknown scenario "${scenarioName}"; this project has ${names.map((n) => `"${n}"`).join(', ')}`
            : `invalid request data: scenario is required (no default scenario); this project has ${names.map((n) => `"${n}"`).join(', ')}`,
        );
      }
      scenarioLabel = scenario.name;
    }
    // An invalid configuration is accepted here and ends as 22 project error, like the service.

    const id = this.ctx.store.nextId(COUNTERS.containersSubmission);
    const record: SubmissionRecord = {
      id,
      projectId: project.id,
      projectName: project.name,
      scenario: scenarioLabel,
      date: this.ctx.clock.now(),
      status: C.waiting,
      score: 0,
      time: 0,
      memory: 0,
      signal: 0,
      stages: emptyStages(),
    };
    const streams = path.join(submissionDir(this.ctx, id), 'streams');
    fs.mkdirSync(streams, { recursive: true, mode: 0o700 });
    fs.writeFileSync(submissionStreamFile(this.ctx, id, 'source'), source, { mode: 0o600 });
    this.save(record);
    // Waits (status 0) in the emulator's job pool until a worker is free.
    this.ctx.jobs.add(`containers:${id}`, () => this.execute(record, project, parsed.ok ? scenario : undefined, parsed.ok ? [] : parsed.problems));
    return record;
  }

  private async execute(record: SubmissionRecord, project: Project, scenario: Scenario | undefined, problems: string[]): Promise<void> {
    const abort = new AbortController();
    this.running.set(record.id, abort);
    const layout = runLayout(runDirOf(this.ctx, record.id));
    const debug: string[] = [];
    try {
      record.status = C.preparation;
      this.save(record);
      if (!scenario) {
        debug.push('project configuration is invalid:', ...problems.map((p) => `  - ${p}`));
        record.status = C.projectError;
        return;
      }
      const unpacking = this.unpack(record.id, project, layout.workspace);
      this.preparing.add(unpacking);
      try {
        await unpacking;
      } finally {
        this.preparing.delete(unpacking);
      }
      if (this.closed) return;
      record.status = C.execution;
      this.save(record);
      const outcome = await runScenario(this.ctx, layout, scenario, abort.signal);
      Object.assign(record, {
        status: outcome.status,
        score: outcome.score,
        time: outcome.time,
        memory: outcome.memory,
        signal: outcome.signal,
        stages: outcome.stages,
      });
      debug.push(...outcome.debug);
      if (outcome.status === C.projectError) debug.unshift('the test stage produced an unusable tests report:');
    } catch (err) {
      if (this.closed) return; // shutdown: the next start marks it 20
      record.status = C.internalError;
      debug.push(`emulator fault while running the submission: ${(err as Error).message}`);
    } finally {
      this.running.delete(record.id);
      if (!this.closed) {
        await this.collectStreams(record.id, layout, debug);
        this.save(record);
      }
    }
  }

  private async unpack(id: number, project: Project, workspace: string): Promise<void> {
    copyProjectFiles(project, workspace);
    await extractArchive({ file: submissionStreamFile(this.ctx, id, 'source') }, workspace, 1, unpackBudget(this.ctx));
  }

  /**
   * Copies the run's outputs to the submission's streams and drops the run folder. The run's code
   * could have replaced any of these files with a link (to the data directory's token, say), a
   * pipe or a hard link: each is opened beneath the run folder without following anything
   * (fs-safety), and a refused one is left out with a line in debug_log saying why.
   */
  private async collectStreams(id: number, layout: ReturnType<typeof runLayout>, debug: string[]): Promise<void> {
    const keep = async (from: string, stream: ContainersStreamName) => {
      const rel = path.relative(layout.runDir, from);
      const dest = submissionStreamFile(this.ctx, id, stream);
      try {
        await copyOutBeneath(layout.runDir, rel, dest);
      } catch (err) {
        fs.rmSync(dest, { force: true });
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return; // the stage wrote nothing there
        debug.push(`stream ${stream} left out: ${err instanceof UnsafePathError ? err.message : (code ?? (err as Error).message)}`);
      }
    };
    for (const stage of STAGES) {
      await keep(stageStreamFile(layout, stage, 'output'), `stage_${stage}_output`);
      await keep(stageStreamFile(layout, stage, 'error'), `stage_${stage}_error`);
    }
    await keep(testsReportFile(layout), 'tests_report');
    await keep(auxdataFile(layout), 'auxdata');
    if (debug.length) fs.writeFileSync(submissionStreamFile(this.ctx, id, 'debug_log'), `${debug.join('\n')}\n`, { mode: 0o600 });
    await removeTree(layout.runDir);
  }
}

/** The run directory of one submission: removed after its run and, after a restart, at the start. */
function runDirOf(ctx: EmulatorContext, id: number): string {
  return path.join(submissionDir(ctx, id), 'run');
}
