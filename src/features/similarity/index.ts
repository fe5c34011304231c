// Similarity of a class's solutions: "Check Similarity in Folder…" (Explorer folder menu,
// palette, and the judge results page's button) compares every pair offline and shows a report
// with ranked pairs, clusters and a side-by-side view. Only this shell is in dist/extension.js:
// the engine and the pages load with the first check (engine.ts).
import type { SimilarityReport } from '../../core/similarity';
import type { Services } from '../../services';
import { Commands, registerCommand } from '../../ui/commands';
import { compilerForFileName } from '../shared/compiler-settings';
import { BaseCodeMemory } from './base-code';
import { checkSimilarity } from './check-folder';
import { sessionModule } from './engine';
import { BestMatchesByFolder, type LatestBestMatches } from './latest';
import type { PairState } from './pair-panel';
import type { SimilaritySession } from './session';

declare module '../../test-api' {
  interface TestHooks {
    similarity: SimilarityTestApi;
  }
}

/** Test hooks: plain data and functions only. */
export interface SimilarityTestApi {
  /** The report shown for the folder (a copy), or undefined. */
  report(folder: string): SimilarityReport | undefined;
  /** The report page's HTML as the webview got it. */
  reportHtml(folder: string): string | undefined;
  /** Pair rows the report page says are visible at its threshold. */
  visiblePairs(folder: string): number | undefined;
  /** What a click on a pair row does; resolves with the side-by-side view's state. */
  openPair(folder: string, a: string, b: string): PairState | undefined;
  /** The side-by-side view now (marks it drew, the region last revealed). */
  pairState(): PairState | undefined;
  pairHtml(): string | undefined;
  exportTo(folder: string, format: 'csv' | 'json', file: string): Promise<void>;
  baseCode(folder: string): string | undefined;
}

/** What other features may use of this one. */
export interface SimilarityFeature {
  /** The latest check's closest partners by folder (the judge results page's column). */
  latest: LatestBestMatches;
}

export function registerSimilarityFeature(services: Services): SimilarityFeature {
  const { context } = services;
  const memory = new BaseCodeMemory(context.globalState);
  const latest = new BestMatchesByFolder();
  context.subscriptions.push(latest);
  let session: SimilaritySession | undefined;
  const deps = {
    services,
    memory,
    session: () => {
      if (!session) {
        session = sessionModule().createSession({
          context,
          log: services.log,
          memory,
          compilerFor: compilerForFileName,
          setBestMatches: (folder, best) => latest.set(folder, best),
          actions: {
            recheck: (folder, base) => checkSimilarity(deps, { folder, base }),
            chooseBase: (folder) => memory.choose(folder),
          },
        });
        context.subscriptions.push(session);
      }
      return session;
    },
  };
  context.subscriptions.push(registerCommand(Commands.similarityCheckFolder, (uriOrArgs?: unknown, extra?: unknown) => checkSimilarity(deps, uriOrArgs, extra)));

  const shown = (folder: string) => session?.panels.shown.get(folder);
  const api: SimilarityTestApi = {
    report: (folder) => {
      const report = shown(folder)?.analysis.report;
      return report && (JSON.parse(JSON.stringify(report)) as SimilarityReport);
    },
    reportHtml: (folder) => shown(folder)?.panel.webview.html,
    visiblePairs: (folder) => shown(folder)?.visible,
    openPair: (folder, a, b) => {
      const entry = shown(folder);
      return entry && session?.pairs.show(folder, entry.analysis, a, b);
    },
    pairState: () => session?.pairs.state && { ...session.pairs.state },
    pairHtml: () => session?.pairs.html,
    exportTo: async (folder, format, file) => {
      await session?.exportReport(folder, format, file);
    },
    baseCode: (folder) => memory.get(folder),
  };
  if (services.testHooks) services.testHooks.similarity = api;
  return { latest };
}
