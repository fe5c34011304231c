// Addresses from the service (a workspace's IDE and preview pages) are opened in the browser only
// when they are web addresses. A server that sends `command:…`, `vscode:…`, `file:…` or any other
// scheme would otherwise have VS Code run a command, open a local file or start another program.
const WEB = new Set(['http:', 'https:']);

/** The scheme that makes `url` unfit to open, or 'unreadable'; undefined for an http(s) address. */
export function unsafeExternalUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return 'unreadable';
  try {
    const parsed = new URL(url.trim());
    return WEB.has(parsed.protocol) ? undefined : parsed.protocol;
  } catch {
    return 'unreadable';
  }
}
