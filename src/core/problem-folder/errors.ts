// Everything wrong with a folder, found before a single request is sent.
export class ProblemFolderError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `The problem folder has ${problems.length} problems:\n- ${problems.join('\n- ')}`);
    this.name = 'ProblemFolderError';
  }
}

/**
 * True for a ProblemFolderError, also one thrown by a copy of this class in another bundle (the
 * Kattis importer is bundled apart, see esbuild.js), where `instanceof` would say no.
 */
export function isProblemFolderError(err: unknown): err is ProblemFolderError {
  return err instanceof Error && err.name === 'ProblemFolderError' && Array.isArray((err as ProblemFolderError).problems);
}
