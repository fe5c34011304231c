// What GET /test said for one module: kept per module by Connection, shown by Test Connection.
import type { ApiModule, SuggestedAction } from '../api';

/** The outcome of GET /test for one module, as plain data (commands return it to tests). */
export interface ConnectionTestResult {
  module: ApiModule;
  ok: boolean;
  /** The server's message when ok, otherwise the plain-words explanation of the failure. */
  message: string;
  /** Normalised base URL, when one is configured. */
  endpoint?: string;
  status?: number;
  errorCode?: number;
  action?: SuggestedAction;
}
