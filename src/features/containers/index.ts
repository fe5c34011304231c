// The Containers feature: the Projects & Workspaces view and the workspace commands.
// Other parts (workspace file system, submitting a folder) register themselves here too.
import type { SubmissionHistory } from './history/store';
import type { Services } from '../../services';
import { treeTestApi, type ContainersTreeTestApi } from './tree/test-api';
import { createContainersView } from './tree/view';
import { createCommandContext } from './workspaces/context';
import { registerWorkspaceCommands } from './workspaces/commands';
import { registerWorkspaceFilesFeature } from './fs';
import { registerSubmitFeature } from './submit';

declare module '../../test-api' {
  interface TestHooks {
    containers: ContainersTestApi;
  }
}

/** Test hooks under exports.containers (never a token). */
export interface ContainersTestApi {
  tree: ContainersTreeTestApi;
  /** Every message the workspace commands showed, newest last. */
  notices: string[];
}

/** What the Containers feature lets other features use (wired in extension.ts). */
export interface ContainersFeature {
  /** The Submissions view's list, which Submit Each Folder to Project adds its submissions to. */
  submissionHistory: SubmissionHistory;
}

export function registerContainersFeature(services: Services): ContainersFeature {
  const view = createContainersView(services);
  const files = registerWorkspaceFilesFeature(services);
  const commands = createCommandContext(services, view.model);
  services.context.subscriptions.push(...registerWorkspaceCommands(commands, files));
  if (services.testHooks && commands.notices) services.testHooks.containers = { tree: treeTestApi(view), notices: commands.notices };
  return { submissionHistory: registerSubmitFeature(services).history };
}
