// Which kind of endpoint a request went to, where it changes what an error means:
// - a failed POST that creates a submission may still have created it (and every submission is
//   paid for), so only there is "check the history before submitting again" the right advice;
// - the Containers code 1003 with HTTP 500 is documented for stop, resume and remove only.
// Everything else (file uploads, workspace PUTs, reads) is not billed: "try again" is right.

export type EndpointKind = 'createSubmission' | 'workspaceLifecycle' | 'other';

/** The path of a request URL (absolute or not, token redacted or not), without the query. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

/**
 * Kind of the endpoint behind `method url`. The three APIs create submissions with
 * `POST .../submissions` and change a workspace's state with `PUT .../workspaces/{id}/stop|resume|remove`.
 */
export function endpointKind(method: string, url: string): EndpointKind {
  const path = pathOf(url).replace(/\/+$/, '');
  const verb = method.toUpperCase();
  if (verb === 'POST' && /\/submissions$/.test(path)) return 'createSubmission';
  if (verb === 'PUT' && /\/workspaces\/[^/]+\/(stop|resume|remove)$/.test(path)) return 'workspaceLifecycle';
  return 'other';
}
