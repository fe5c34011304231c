// The spec's error envelope: `{error_code, message}` with its own HTTP status.
// Route code throws ApiError; the app's error handler turns it into the response.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function apiError(status: number, errorCode: number, message: string): ApiError {
  return new ApiError(status, errorCode, message);
}

export function errorResponse(c: Context, err: ApiError): Response {
  return c.json({ error_code: err.errorCode, message: err.message }, err.status as ContentfulStatusCode);
}

export const unauthorized = () => apiError(401, 1, 'unauthorized access');

/**
 * The text of an internal failure, fit for an error message: file-system errors name the
 * emulator's own paths (its data folder, temporary files), which a client has no business
 * seeing, so every absolute path is cut to its last part ("open '/tmp/x/y/a.tgz'" → "open 'a.tgz'").
 */
export function causeOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/(?:\/[^\s'"/:,;()]+)+\/([^\s'"/:,;()]+)/g, '$1');
}
