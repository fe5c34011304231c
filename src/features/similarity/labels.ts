// The report's and side-by-side view's words, through vscode.l10n.
import * as vscode from 'vscode';
import type { ReportLabels } from '../../core/similarity';

export function reportLabels(): ReportLabels {
  return {
    caution: vscode.l10n.t(
      'Similarity is evidence for a person to review, not proof of copying: shared code can come from the given template, a textbook, an example in class or a common way to solve the problem. Read both solutions before drawing any conclusion.',
    ),
    summary: (solutions, pairs, shown, hidden, threshold, skipped) =>
      vscode.l10n.t(
        '{0} solutions compared on this machine (nothing was sent); {1} pairs share code: {2} shown at the {3} threshold, {4} hidden below it; {5} entries not compared.',
        solutions,
        pairs,
        shown,
        threshold,
        hidden,
        skipped,
      ),
    onlyOne: vscode.l10n.t('Fewer than two solutions could be read: there is nothing to compare.'),
    excluded: vscode.l10n.t('Excluded from every pair'),
    base: (file, fingerprints, removed) => vscode.l10n.t('Base code {0}: {1} fingerprints, {2} occurrences removed from the solutions.', file, fingerprints, removed),
    noBase: vscode.l10n.t('No base code chosen: code every student was given counts as shared. Choose Base Code… to leave it out.'),
    common: (fingerprints) => vscode.l10n.t('{0} fingerprints held by more than half of the class (boilerplate, the I/O skeleton) were ignored.', fingerprints),
    commonOff: (minClass) => vscode.l10n.t('Code most of the class shares is ignored only in classes of {0} or more solutions.', minClass),
    mostlyShared: (solutions) =>
      vscode.l10n.t('Mostly code the class shares, so compared by the little that remains of each (a score there rests on a few lines: read them): {0}.', solutions),
    threshold: vscode.l10n.t('Threshold'),
    exportCsv: vscode.l10n.t('Export CSV…'),
    exportJson: vscode.l10n.t('Export JSON…'),
    chooseBase: vscode.l10n.t('Choose Base Code…'),
    clearBase: vscode.l10n.t('Clear Base Code'),
    pairsTitle: vscode.l10n.t('Pairs, most similar first (click one to compare side by side)'),
    columns: [
      vscode.l10n.t('Similarity'),
      vscode.l10n.t('Solution A'),
      vscode.l10n.t('Solution B'),
      vscode.l10n.t('Longest shared fragment (tokens)'),
      vscode.l10n.t('Shared fingerprints'),
    ],
    lines: (file, from, to) => vscode.l10n.t('{0}:{1}–{2}', file, from, to),
    clustersTitle: vscode.l10n.t('Clusters at the threshold (three or more solutions linked by similar pairs)'),
    noClusters: vscode.l10n.t('No group of three or more at this threshold.'),
    cluster: (size, max) => vscode.l10n.t('{0} solutions, up to {1}:', size, max),
    skippedTitle: vscode.l10n.t('Not compared'),
    skippedColumns: [vscode.l10n.t('Entry'), vscode.l10n.t('Reason')],
    morePairs: (shown, total) => vscode.l10n.t('The {0} most similar of {1} pairs are listed; the exports hold them all.', shown, total),
    regions: (count) => vscode.l10n.t('{0} matched regions: click one on either side to reveal its partner.', count),
    region: (n, tokens) => vscode.l10n.t('Region {0}: {1} tokens', n, tokens),
  };
}
