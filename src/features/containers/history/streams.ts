// Opening or saving one stream of a submission on request: text streams open in an editor,
// archives (`source`, usually `auxdata`) are saved where the person chooses.
import * as vscode from 'vscode';
import type { ContainersClient, ContainersStreamName } from '../../../api';
import { formatTestsTable, parseTestsReport } from '../../../core/containers';
import { showReadonlyText } from '../../../ui/readonly-text';

/** Binary data (a NUL byte in the first KiB, or gzip magic) is saved, never opened as text. */
export function looksBinary(data: Buffer): boolean {
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) return true;
  return data.subarray(0, 1024).includes(0);
}

/** A text stream, read-only, in an editor titled by the submission and the stream. */
export function openStreamText(id: number, name: string, text: string): Promise<vscode.TextDocument> {
  return showReadonlyText(`submission ${id} ${name}.txt`, text);
}

export async function saveStream(id: number, stream: ContainersStreamName, data: Buffer, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const suggested = stream === 'source' ? `submission-${id}-source.tar.gz` : `submission-${id}-${stream}${looksBinary(data) ? '.bin' : '.txt'}`;
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = target ?? (await vscode.window.showSaveDialog({ defaultUri: base ? vscode.Uri.joinPath(base, suggested) : undefined, saveLabel: vscode.l10n.t('Save Stream') }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, data);
  return uri;
}

/** The tests report of a submission as a readable table in an editor; returns the table. */
export async function openTestsReport(client: ContainersClient, id: number): Promise<string> {
  const raw = (await client.getSubmissionStream(id, 'tests_report')).toString('utf8');
  const table = formatTestsTable(parseTestsReport(raw));
  await openStreamText(id, 'tests report', `Tests report of submission ${id}\n\n${table}\n`);
  return table;
}
