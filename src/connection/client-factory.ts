// Builds one api client per module from the current settings and token. The VS Code side
// decides WHAT to connect to; the api layer decides HOW (pools, retries, redaction).
import { CompilersClient, ContainersClient, ProblemsClient, type ApiModule, type HttpClientOptions } from '../api';
import { readHttpSettings, readProxySettings } from './settings';

export interface ModuleClients {
  containers: ContainersClient;
  compilers: CompilersClient;
  problems: ProblemsClient;
}

export type ModuleClient = ModuleClients[ApiModule];

export function clientOptions(baseUrl: string, token: string, logger: (line: string) => void, explainError?: HttpClientOptions['explainError']): HttpClientOptions {
  const http = readHttpSettings();
  return {
    endpoint: baseUrl,
    token,
    proxy: readProxySettings(),
    timeouts: { headersMs: http.timeoutMs, bodyMs: http.timeoutMs, deadlineMs: http.deadlineMs },
    retry: { attempts: http.retries + 1 },
    logger,
    explainError,
  };
}

export function createClient<M extends ApiModule>(module: M, options: HttpClientOptions): ModuleClients[M] {
  switch (module) {
    case 'containers':
      return new ContainersClient(options) as ModuleClients[M];
    case 'compilers':
      return new CompilersClient(options) as ModuleClients[M];
    case 'problems':
      return new ProblemsClient(options) as ModuleClients[M];
    default:
      throw new Error(`unknown Sphere Engine module ${String(module)}`);
  }
}
