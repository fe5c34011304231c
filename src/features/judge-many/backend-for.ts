// The service side of a job, from what its state file says it was sent to: a Containers project,
// or (jobs written before Containers jobs existed, and every Problems job) a problem.
import type { Services } from '../../services';
import { containersBackend, type JobBackend, type JobHeader, problemsBackend } from '../../core/judge-many';

export async function backendFor(services: Services, header: JobHeader): Promise<JobBackend> {
  if (header.target?.kind === 'containers') return containersBackend(await services.connection.containers(), header.folder, header.target);
  return problemsBackend(await services.connection.problems(), header.folder, header.problemId!);
}
