// Everything the connection reads from settings, in one place. Tokens are deliberately
// absent: they live in SecretStorage only (see token-store.ts).
import * as vscode from 'vscode';
import type { ApiModule } from '../api';

export const SETTINGS_SECTION = 'sphereEngine';

/**
 * The raw endpoint text of the setting (customer id or URL); '' when unset. Since connection
 * profiles, read once: the first profile is made from it (profile-store.ts).
 */
export function readEndpointSetting(module: ApiModule): string {
  return (vscode.workspace.getConfiguration(SETTINGS_SECTION).get<string>(`${module}.endpoint`) ?? '').trim();
}

export interface HttpSettings {
  timeoutMs: number;
  retries: number;
  /** The overall deadline of one request, retries included (sphereEngine.http.requestDeadlineSeconds). */
  deadlineMs: number;
}

export function readHttpSettings(): HttpSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const timeoutSeconds = config.get<number>('http.timeoutSeconds', 30);
  const retries = config.get<number>('http.retries', 2);
  const deadlineSeconds = config.get<number>('http.requestDeadlineSeconds', 300);
  return {
    deadlineMs: Math.max(5, Number.isFinite(deadlineSeconds) ? deadlineSeconds : 300) * 1000,
    timeoutMs: Math.max(1, Number.isFinite(timeoutSeconds) ? timeoutSeconds : 30) * 1000,
    retries: Math.max(0, Math.floor(Number.isFinite(retries) ? retries : 2)),
  };
}

export interface ProxySettings {
  proxy?: string;
  noProxy: string[];
  strictSSL: boolean;
}

/** VS Code's own proxy settings, so the extension behaves like the rest of the editor behind a proxy. */
export function readProxySettings(): ProxySettings {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = (http.get<string>('proxy') ?? '').trim();
  // http.noProxy is an array of hosts; older profiles may hold a comma-separated string.
  const rawNoProxy = http.get<string[] | string>('noProxy') ?? [];
  const noProxy = (Array.isArray(rawNoProxy) ? rawNoProxy : rawNoProxy.split(',')).map((host) => host.trim()).filter(Boolean);
  return { proxy: proxy || undefined, noProxy, strictSSL: http.get<boolean>('proxyStrictSSL', true) };
}

/** True when a configuration change touches anything the clients are built from. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration(`${SETTINGS_SECTION}.http`) ||
    event.affectsConfiguration('http.proxy') ||
    event.affectsConfiguration('http.noProxy') ||
    event.affectsConfiguration('http.proxyStrictSSL')
  );
}
