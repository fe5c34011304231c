// What the feature remembers per workspace: which problem (and compiler) a file was submitted
// to, so the next Submit Solution asks nothing, and which file last solved a problem, so
// re-running a problem from the Testing view submits that file again.
import type * as vscode from 'vscode';

const FILE_KEY = 'sphereEngine.problems.byFile';
const PROBLEM_KEY = 'sphereEngine.problems.fileOfProblem';

export interface FileChoice {
  problemId: number;
  compilerId?: number;
}

export class SubmitMemory {
  constructor(private readonly state: vscode.Memento) {}

  forFile(uri: vscode.Uri): FileChoice | undefined {
    return this.state.get<Record<string, FileChoice>>(FILE_KEY, {})[uri.toString()];
  }

  /** The file last submitted to the problem, as a URI string. */
  fileOfProblem(problemId: number): string | undefined {
    return this.state.get<Record<string, string>>(PROBLEM_KEY, {})[String(problemId)];
  }

  async remember(uri: vscode.Uri, choice: FileChoice): Promise<void> {
    const files = { ...this.state.get<Record<string, FileChoice>>(FILE_KEY, {}), [uri.toString()]: choice };
    const problems = { ...this.state.get<Record<string, string>>(PROBLEM_KEY, {}), [String(choice.problemId)]: uri.toString() };
    await this.state.update(FILE_KEY, files);
    await this.state.update(PROBLEM_KEY, problems);
  }

  /** After "problem not found" or "compiler unavailable": ask again next time. */
  async forget(uri: vscode.Uri, what: 'problem' | 'compiler'): Promise<void> {
    const files = { ...this.state.get<Record<string, FileChoice>>(FILE_KEY, {}) };
    const current = files[uri.toString()];
    if (!current) return;
    if (what === 'problem') delete files[uri.toString()];
    else files[uri.toString()] = { problemId: current.problemId };
    await this.state.update(FILE_KEY, files);
  }
}
