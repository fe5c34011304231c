// What an author does with a Kattis package in VS Code, for host tests: Import Kattis Package (into
// a given folder), Push Problem Folder (answering Push), then Check Problem Folder (answering the
// one "Submit N" question), with the notices each step showed.
import * as vscode from 'vscode';
import { answerModals, recordNotices } from './stand-in';

export async function importPushCheckKattis(from: string, dir: string, submit: string) {
  const imported = recordNotices('showInformationMessage');
  try {
    await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: from, folder: dir });
  } finally {
    imported.restore();
  }
  const push = answerModals(['Push']);
  try {
    await vscode.commands.executeCommand('sphereEngine.problems.pushFolder', { folder: dir });
  } finally {
    push.restore();
  }
  const check = answerModals([submit]);
  const infos = recordNotices('showInformationMessage');
  const errors = recordNotices('showErrorMessage');
  try {
    await vscode.commands.executeCommand('sphereEngine.problems.checkFolder', { folder: dir });
  } finally {
    errors.restore();
    infos.restore();
    check.restore();
  }
  return { infos: infos.shown, errors: errors.shown, asked: check.asked };
}
