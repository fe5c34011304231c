// Push Problem Folder stopped by a 403: the token of the active profile read the problem (the
// plan was made with it) but may not change it. Said as such, with what changed on the service
// (nothing, as a rule: the first management call is refused) and what to do, with a button to
// set another token for the Problems API. The token itself is never part of the message.
import * as vscode from 'vscode';
import type { WriteRefusal } from '../../core/problem-folder';
import type { Services } from '../../services';
import { Commands, executeCommand } from '../../ui/commands';

function stateOf(r: WriteRefusal): string {
  if (r.applied.length) return vscode.l10n.t('Applied before the refusal: {0}. Not applied: {1}.', r.applied.join('; '), [r.refused, ...r.notSent].join('; '));
  return r.notSent.length ? vscode.l10n.t('Nothing was changed on the service (not sent: {0}).', r.notSent.join('; ')) : vscode.l10n.t('Nothing was changed on the service.');
}

export function showWriteRefusal(services: Services, problemId: number | undefined, r: WriteRefusal): void {
  const profile = services.connection.profileName() ?? '';
  const head =
    problemId === undefined
      ? vscode.l10n.t('The token of profile “{0}” may read problems but not create them: the service refused “{1}” (HTTP 403, access denied).', profile, r.refused)
      : vscode.l10n.t('The token of profile “{0}” may read problem {1} but not change it: the service refused “{2}” (HTTP 403, access denied).', profile, problemId, r.refused);
  const fix = vscode.l10n.t('Set a Problems API token with write access (API tokens are made in the client panel of your Sphere Engine account) and push again.');
  const setToken = vscode.l10n.t('Set Access Token');
  const showLog = vscode.l10n.t('Show Log');
  void vscode.window.showErrorMessage(`${head} ${stateOf(r)} ${fix}`, setToken, showLog).then((choice) => {
    if (choice === setToken) void executeCommand(Commands.setAccessToken, 'problems');
    else if (choice === showLog) services.log.show();
  });
}
