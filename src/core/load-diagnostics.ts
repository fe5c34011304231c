// The parsers of compiler and interpreter output (src/core/diagnostics) are a bundle apart
// (esbuild.js, APART): pure functions on text, loaded the first time a run's messages are read,
// so they stay out of activation and of the extension bundle's 600 KB budget. Import only their
// types elsewhere; call them through this.
import type * as Diagnostics from './diagnostics';

let loaded: typeof Diagnostics | undefined;

export function diagnosticsParsers(): typeof Diagnostics {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle apart, loaded on first use
  return (loaded ??= require('./diagnostics') as typeof Diagnostics);
}
