// What the feature remembers per workspace: which problem (and compiler) a file was submitted
// to, so the next Submit Solution asks nothing, and which file last solved a problem, so
// re-running a problem from the Testing view submits that file again.
import type * as vscode from 'vscode';
import { asRecord, MementoStore, type MementoLike } from '../../core/memento-store';

const FILE_KEY = 'sphereEngine.problems.byFile';
const PROBLEM_KEY = 'sphereEngine.problems.fileOfProblem';

export interface FileChoice {
  problemId: number;
  compilerId?: number;
}

export class SubmitMemory {
  private readonly files: MementoStore<Record<string, FileChoice>>;
  private readonly problems: MementoStore<Record<string, string>>;

  constructor(state: MementoLike) {
    this.files = new MementoStore(state, FILE_KEY, asRecord<FileChoice>);
    this.problems = new MementoStore(state, PROBLEM_KEY, asRecord<string>);
  }

  forFile(uri: vscode.Uri): FileChoice | undefined {
    return this.files.value[uri.toString()];
  }

  /** The file last submitted to the problem, as a URI string. */
  fileOfProblem(problemId: number): string | undefined {
    return this.problems.value[String(problemId)];
  }

  async remember(uri: vscode.Uri, choice: FileChoice): Promise<void> {
    await Promise.all([
      this.files.update((files) => ({ ...files, [uri.toString()]: choice })),
      this.problems.update((problems) => ({ ...problems, [String(choice.problemId)]: uri.toString() })),
    ]);
  }

  /** After "problem not found" or "compiler unavailable": ask again next time. */
  async forget(uri: vscode.Uri, what: 'problem' | 'compiler'): Promise<void> {
    const current = this.files.value[uri.toString()];
    if (!current) return;
    await this.files.update((files) => {
      const next = { ...files };
      if (what === 'problem') delete next[uri.toString()];
      else next[uri.toString()] = { problemId: current.problemId };
      return next;
    });
  }

  /** Takes what another window stored (called when this window gets the focus). */
  follow(): boolean {
    const files = this.files.follow();
    return this.problems.follow() || files;
  }
}
