// Everything wrong with a folder, found before a single request is sent.
export class ProblemFolderError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `The problem folder has ${problems.length} problems:\n- ${problems.join('\n- ')}`);
    this.name = 'ProblemFolderError';
  }
}
