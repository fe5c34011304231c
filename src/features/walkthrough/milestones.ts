// The context key of each moment the "Get Started" walkthrough waits for. Each step of the
// walkthrough completes on `onContext:<key>`; features report their milestone through
// services.events.reachMilestone (src/events.ts) and the walkthrough feature sets the key.
import type { Milestone } from '../../events';

export type { Milestone };

export const MILESTONE_CONTEXT_KEYS: Readonly<Record<Milestone, string>> = {
  workspaceFilesOpened: 'sphereEngine.walkthrough.workspaceFilesOpened',
  folderSubmitted: 'sphereEngine.walkthrough.folderSubmitted',
  fileRun: 'sphereEngine.walkthrough.fileRun',
  solutionSubmitted: 'sphereEngine.walkthrough.solutionSubmitted',
};
