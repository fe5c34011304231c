// Problems without vscode: what a judged submission and its test cases mean for a reader, and the
// problem details document. The only door into src/core/problems (test/unit/layering.test.ts).
export { problemTypeName, renderProblemMarkdown } from './render';
export { isScored, lastLine, type Outcome, progressText, type SubmissionVerdict, type TestVerdict, verdictOfSubmission } from './verdict';
