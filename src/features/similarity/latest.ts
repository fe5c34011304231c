// Each class folder's closest partners from its latest similarity check, for the judge results
// page's column. Owned by the similarity feature and handed to judge-many by extension.ts (the
// `SimilarityFeature` handle): no module state, disposed with the feature.
import * as vscode from 'vscode';

export interface BestMatch {
  partner: string;
  similarity: number;
}

/** What another feature may read of the latest checks. */
export interface LatestBestMatches {
  bestMatchesFor(folder: string): ReadonlyMap<string, BestMatch> | undefined;
  /** Fires with the folder whose report changed. */
  readonly onDidChange: vscode.Event<string>;
}

export class BestMatchesByFolder implements LatestBestMatches, vscode.Disposable {
  private readonly byFolder = new Map<string, ReadonlyMap<string, BestMatch>>();
  private readonly changed = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;

  bestMatchesFor(folder: string): ReadonlyMap<string, BestMatch> | undefined {
    return this.byFolder.get(folder);
  }

  set(folder: string, best: ReadonlyMap<string, BestMatch>): void {
    this.byFolder.set(folder, best);
    this.changed.fire(folder);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
