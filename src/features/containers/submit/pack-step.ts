// Folder → archive, with the person in the loop: what will be sent (files, bytes, what was left
// out on request), then packing under a cancellable progress notification.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { MAX_TRANSFER_BYTES } from '../../../api';
import { describeExcluded, type FolderScan, formatBytes, type PackedArchive, packFolder, scanFolder, startWorkersFor } from '../../../core/packer';
import { withProgress } from '../../../ui/progress';
import { showReadonlyText } from '../../../ui/readonly-text';

const SUBMIT = 'Submit';
const SHOW_LEFT_OUT = 'Show Left Out';

export async function scanWithProgress(folder: string): Promise<FolderScan> {
  const scan = await withProgress({ title: vscode.l10n.t('Reading {0}', folder), location: vscode.ProgressLocation.Window }, (signal) => scanFolder(folder, { signal }));
  // A large folder is packed with a worker thread's help: starting it now, while the person reads the confirmation, saves its start-up.
  startWorkersFor(scan.included.length);
  return scan;
}

export function summariseScan(scan: FolderScan): string {
  const leftOut = scan.excluded.length ? `, ${scan.excluded.length} left out by ignore rules` : '';
  return `${scan.fileCount} ${scan.fileCount === 1 ? 'file' : 'files'}, ${formatBytes(scan.totalBytes)}${leftOut}`;
}

/** Asks before sending; true to go on. "Show Left Out" opens the list and asks again. */
export async function confirmSend(scan: FolderScan, target: string): Promise<boolean> {
  for (;;) {
    const buttons = scan.excluded.length ? [SUBMIT, SHOW_LEFT_OUT] : [SUBMIT];
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('Send {0} to {1}?', summariseScan(scan), target),
      { modal: true, detail: vscode.l10n.t('Folder: {0}\nRules: .gitignore, .sphereignore; .git and node_modules are left out unless a rule brings them back.', scan.root) },
      ...buttons,
    );
    if (choice === SUBMIT) return true;
    if (choice !== SHOW_LEFT_OUT) return false;
    await showLeftOut(scan);
  }
}

export async function showLeftOut(scan: FolderScan): Promise<vscode.TextDocument> {
  const lines = [`Left out of ${scan.root} (${scan.excluded.length}):`, '', ...scan.excluded.map(describeExcluded)];
  return showReadonlyText(`left out of ${path.basename(scan.root)}.txt`, `${lines.join('\n')}\n`);
}

/** Packs into a temporary file; the caller disposes it. Refuses an archive the service would reject. */
export async function packWithProgress(scan: FolderScan): Promise<PackedArchive> {
  const archive = await withProgress({ title: vscode.l10n.t('Packing the folder'), cancellable: true }, (signal, report) =>
    packFolder(scan.root, {
      scan,
      signal,
      onProgress: (p) => report(`${p.filesDone}/${p.filesTotal} files, ${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)}`),
    }),
  );
  if (archive.bytes > MAX_TRANSFER_BYTES) {
    await archive.dispose();
    throw new Error(
      `The packed folder is ${formatBytes(archive.bytes)}, above the ${formatBytes(MAX_TRANSFER_BYTES)} the service accepts. Leave large files out with a .sphereignore rule and submit again.`,
    );
  }
  return archive;
}
