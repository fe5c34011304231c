// The three Sphere Engine modules and where each keeps its API under a base URL.

export type ApiModule = 'containers' | 'compilers' | 'problems';

export const API_MODULES: readonly ApiModule[] = ['containers', 'compilers', 'problems'];

/** Path the client appends to a module's base URL. */
export const API_PATHS: Record<ApiModule, string> = {
  containers: '/api/v1',
  compilers: '/api/v4',
  problems: '/api/v4',
};

/** Human name used in messages. */
export const MODULE_LABELS: Record<ApiModule, string> = {
  containers: 'Containers',
  compilers: 'Compilers',
  problems: 'Problems',
};
