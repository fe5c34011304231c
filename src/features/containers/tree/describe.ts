// Text shown for a workspace: tooltip Markdown, row description and the context value that
// decides which menu entries appear. No `vscode` here, so unit tests can check the rules.
import type { Workspace } from '../../../api';
import { stateLabel } from '../../../core/containers';
import { escapeMarkdown, markdownCode, markdownNumber, markdownText } from '../../../core/escape-markdown';

/**
 * `workspace:<state>` followed by one `+flag` per action the workspace allows right now.
 * Menus match flags with a regex (`viewItem =~ /\+stop\b/`), so adding a flag never breaks one.
 */
export function workspaceContextValue(ws: Workspace): string {
  const flags: string[] = [];
  const state = ws.state.code;
  if (ws.permissions?.stop) flags.push('stop');
  // `permissions` has no resume flag: a stopped workspace can be resumed while it is kept.
  if (state === 3) flags.push('resume');
  if (ws.permissions?.remove) flags.push('remove');
  if (ws.permissions?.enter && ws.workspace_url) flags.push('enter');
  if (ws.preview_url && state === 2) flags.push('preview');
  if (ws.streams?.workspace_init_output) flags.push('initOutput');
  if (ws.streams?.workspace_init_error) flags.push('initError');
  if (state === 2) flags.push('files');
  return `workspace:${stateLabel(state)}${flags.map((f) => `+${f}`).join('')}`;
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}

export function workspaceLabel(ws: Workspace, flat: boolean): string {
  return flat ? `${ws.project?.name ?? 'project'} · ${shortId(ws.id)}` : shortId(ws.id);
}

export function workspaceDescription(ws: Workspace): string {
  const parts = [stateLabel(ws.state.code)];
  if (ws.workspace_init_failed) parts.push('init failed');
  if (ws.state.error_reason) parts.push(ws.state.error_reason);
  return parts.join(' · ');
}

function minutes(value: number | undefined, zero: string): string {
  if (value === undefined || value === null) return 'unknown';
  return value === 0 ? zero : `${markdownNumber(value)} min`;
}

/** Markdown for the tooltip; every server value escaped or a number, so no field can inject a link or an image. */
export function workspaceTooltip(ws: Workspace): string {
  const rows: Array<[string, string]> = [
    ['Workspace', markdownCode(ws.id)],
    ['Project', escapeMarkdown(ws.project?.name ?? '')],
    ['State', markdownText(stateLabel(ws.state.code))],
    ['Created', markdownText(ws.created_at)],
    ['Last use', ws.last_usage ? markdownText(ws.last_usage) : 'never'],
    ['Inactivity timeout', minutes(ws.inactivity_timeout, 'none')],
    ['Kept when stopped', minutes(ws.retention_time_stopped, '0 (cannot be resumed)')],
    ['Removed after', minutes(ws.retention_time_total, 'never')],
    ['Init failed', ws.workspace_init_failed ? '**yes** (see the init error stream)' : 'no'],
  ];
  if (ws.terminated_at) rows.push(['Terminated', markdownText(ws.terminated_at)]);
  if (ws.state.error_reason) rows.push(['Error reason', escapeMarkdown(ws.state.error_reason)]);
  return rows.map(([name, value]) => `**${name}:** ${value}`).join('  \n');
}

/** "12:34:56" of a fetch time, for the offline marker. */
export function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString();
}
