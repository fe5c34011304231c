// Which proxy (if any) a request to a given URL goes through. The VS Code side fills
// ProxyConfig from http.proxy / http.noProxy / http.proxyStrictSSL; environment variables
// are the fallback, as in most command-line tools.

export interface ProxyConfig {
  /** Proxy URL, e.g. http://proxy.corp:3128. Empty or absent: use the environment. */
  proxy?: string;
  /** Hosts that bypass the proxy (exact, `.suffix`, `*.suffix`, `host:port`, or `*`). Empty or absent: use NO_PROXY. */
  noProxy?: string[];
  /** Verify TLS certificates (of the service and of an https proxy). Default true. */
  strictSSL?: boolean;
}

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  const v = env[name] ?? env[name.toLowerCase()];
  return v && v.trim() ? v.trim() : undefined;
}

/**
 * Loopback always goes direct: the local emulator must work behind any corporate proxy. Decided on
 * the parsed host name, whole: `localhost`, `::1` and 127.0.0.0/8 are; `localhost.attacker.example`
 * and `127.example.com` are not.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return !!m && m.slice(1).every((n) => Number(n) <= 255);
}

/** An http(s) origin on a loopback host (and nothing else: no path, user, query), e.g. http://127.0.0.1:4000. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && isLoopbackHost(url.hostname) && url.pathname === '/' && !url.search && !url.hash
  );
}

/** Does one noProxy entry cover this host/port? */
function matchesNoProxy(entry: string, hostname: string, port: string): boolean {
  let e = entry.trim().toLowerCase();
  if (!e) return false;
  if (e === '*') return true;
  let entryPort: string | undefined;
  const portMatch = /^(.*[^:]):(\d+)$/.exec(e);
  if (portMatch && !e.includes('[') && e.split(':').length === 2) {
    e = portMatch[1];
    entryPort = portMatch[2];
  }
  if (entryPort && entryPort !== port) return false;
  if (e.startsWith('*.')) e = e.slice(1);
  if (e.startsWith('.')) return hostname.endsWith(e) || hostname === e.slice(1);
  return hostname === e || hostname.endsWith('.' + e);
}

/** The proxy URL to use for `target`, or undefined to connect directly. */
export function selectProxy(target: string | URL, config: ProxyConfig = {}, env: Env = process.env): string | undefined {
  const url = typeof target === 'string' ? new URL(target) : target;
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(hostname)) return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');

  const noProxy = config.noProxy && config.noProxy.length > 0 ? config.noProxy : (envValue(env, 'NO_PROXY') ?? '').split(/[,\s]+/);
  if (noProxy.some((entry) => matchesNoProxy(entry, hostname, port))) return undefined;

  if (config.proxy && config.proxy.trim()) return config.proxy.trim();
  if (url.protocol === 'https:') return envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'HTTP_PROXY');
  return envValue(env, 'HTTP_PROXY');
}
