// The streams of a Compilers v4 and of a Problems v4 submission (spec: GET /submissions/{id}/{stream}),
// named once for the extension (src/api re-exports them) and the emulator that serves them.
export const COMPILERS_STREAMS = ['source', 'input', 'output', 'error', 'cmpinfo'] as const;
export type CompilersStreamName = (typeof COMPILERS_STREAMS)[number];

export const PROBLEMS_STREAMS = ['source', 'output', 'error', 'cmpinfo', 'debug'] as const;
export type ProblemsStreamName = (typeof PROBLEMS_STREAMS)[number];
