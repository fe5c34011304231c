// What the user can do about an error. The VS Code side maps each action to a button.

export type SuggestedAction =
  | 'setToken'
  | 'retry'
  | 'checkHistoryBeforeResubmit'
  | 'resumeWorkspace'
  | 'stopAWorkspace'
  | 'openSettings'
  | 'waitAndRetry'
  | 'fixInput'
  | 'contactSupport'
  /** The local emulator the connection profile points at is not running (set by the VS Code side). */
  | 'startLocalEmulator';

export const ACTION_LABELS: Record<SuggestedAction, string> = {
  setToken: 'Set Access Token',
  retry: 'Retry',
  checkHistoryBeforeResubmit: 'Check Submission History',
  resumeWorkspace: 'Resume Workspace',
  stopAWorkspace: 'Stop a Workspace',
  openSettings: 'Open Settings',
  waitAndRetry: 'Wait and Retry',
  fixInput: 'Fix Input',
  contactSupport: 'Contact Support',
  startLocalEmulator: 'Start Local Emulator',
};
