// "Test Connection": GET /test on the three modules at once, one message per module. Returns
// the results so tests (and other features) can read them without scraping notifications.
import * as vscode from 'vscode';
import { MODULE_LABELS } from '../../api';
import { Commands, executeCommand } from '../../ui/commands';
import type { Connection, ConnectionTestResult } from '../../connection/connection';

export async function testConnection(connection: Connection): Promise<ConnectionTestResult[]> {
  await connection.ready;
  const results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sphere Engine: testing connection') }, () =>
    connection.testAll(),
  );
  for (const result of results) showResult(result);
  return results;
}

/** Not awaited: the command must return its results even while the messages are on screen. */
function showResult(result: ConnectionTestResult): void {
  const name = MODULE_LABELS[result.module];
  if (result.ok) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0}: {1}', name, result.message));
    return;
  }
  const status = result.status !== undefined ? ` (HTTP ${result.status})` : '';
  const buttons = result.action === 'setToken' ? ['Set Token', 'Open Settings'] : ['Open Settings', 'Show Log'];
  void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}{2}', name, result.message, status), ...buttons).then((answer) => {
    if (answer === 'Set Token') void executeCommand(Commands.setAccessToken, result.module);
    else if (answer === 'Open Settings') void executeCommand(Commands.configureEndpoints);
    else if (answer === 'Show Log') void executeCommand(Commands.showLog);
  });
}
