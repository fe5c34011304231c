// The similarity engine's one entry point: esbuild.js bundles it apart (dist/similarity.js), and
// src/features/similarity/engine.ts loads it on the first check, so none of it is in
// dist/extension.js or runs at activation.
export { SimilarityAnalysis, DEFAULTS, type AnalyzeOptions } from './analyze';
export { clusters, bestMatches } from './clusters';
export { toCsv, toJson, CAUTION } from './export';
export { readClassFolder, readBase, MAX_SOLUTION_BYTES } from './read';
export { renderReportPage, renderReportUpdate, renderPairPage, renderClusters, type ReportLabels, type PageResources } from './report-html';
export type { SimilarityReport, PairScore, PairView, Region, Cluster, SolutionInput } from './types';
