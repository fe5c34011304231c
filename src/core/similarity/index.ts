// The similarity engine's one entry point (no vscode). Only src/features/similarity/session.ts
// imports it for real: esbuild.js bundles that apart (dist/similarity.js), loaded on the first
// check, so none of the engine is in dist/extension.js or runs at activation.
export { SimilarityAnalysis, DEFAULTS, type AnalyzeOptions } from './analyze';
export { clusters, bestMatches } from './clusters';
export { toCsv, toJson, CAUTION } from './export';
export { readClassFolder, readBase, MAX_SOLUTION_BYTES } from './read';
export { renderReportPage, renderReportUpdate, renderPairPage, renderClusters, reportSummary, type ReportLabels, type PageResources } from './report-html';
export type { SimilarityReport, PairScore, PairView, Region, Cluster, SolutionInput } from './types';
