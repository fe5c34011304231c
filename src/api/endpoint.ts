// Turns what a user types into the settings (a customer id or a URL) into a module base URL.
import { SphereApiError } from './errors';
import { API_PATHS, MODULE_LABELS, type ApiModule } from './modules';
import { isLoopbackHost } from './proxy';

const BARE_CUSTOMER_ID = /^[a-z0-9][a-z0-9-]{1,62}$/i;
const TRAILING_API_PATH = /\/api\/v\d+$/i;

function invalid(module: ApiModule, input: string, why: string): SphereApiError {
  return new SphereApiError({
    module,
    kind: 'invalidEndpoint',
    explanation:
      `The ${MODULE_LABELS[module]} endpoint "${input}" is not usable: ${why}. ` +
      `Enter your customer id (for example abc123de) or the full address of the module ` +
      `(for example https://abc123de.${module}.sphere-engine.com).`,
    action: 'openSettings',
  });
}

/**
 * Base URL of a module, without the API path and without a trailing slash.
 * `abc123de` → `https://abc123de.containers.sphere-engine.com`;
 * `https://host/x/api/v1/` → `https://host/x`; `127.0.0.1:8080/containers` → `http://127.0.0.1:8080/containers`.
 */
export function normaliseEndpoint(module: ApiModule, input: string): string {
  const trimmed = (input ?? '').trim();
  if (!trimmed) throw invalid(module, trimmed, 'it is empty');
  if (BARE_CUSTOMER_ID.test(trimmed) && !trimmed.includes('.') && trimmed !== 'localhost') {
    return `https://${trimmed.toLowerCase()}.${module}.sphere-engine.com`;
  }
  let withScheme = trimmed;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    // No scheme: loopback addresses are the emulator (plain HTTP), anything else is the real service.
    // Decided on the host as a URL parser reads it: `localhost.attacker.example` is not loopback.
    let host = '';
    try {
      host = new URL(`http://${trimmed}`).hostname;
    } catch {
      // not a URL: refused below
    }
    const loopback = isLoopbackHost(host);
    withScheme = `${loopback ? 'http' : 'https'}://${trimmed}`;
  }
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid(module, trimmed, 'it is neither a customer id nor a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(module, trimmed, `the scheme ${url.protocol} is not supported (use https)`);
  if (!url.hostname) throw invalid(module, trimmed, 'it has no host name');
  if (url.username || url.password) throw invalid(module, trimmed, 'it contains a user name or password; use the access token setting instead');
  if (url.search || url.hash) throw invalid(module, trimmed, 'it contains a query or fragment (put the access token in the token setting, not in the URL)');
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(TRAILING_API_PATH, '').replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** Base URL plus the module's API path, e.g. `https://abc.containers.sphere-engine.com/api/v1`. */
export function apiBaseUrl(module: ApiModule, input: string): string {
  return normaliseEndpoint(module, input) + API_PATHS[module];
}
