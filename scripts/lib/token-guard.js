// The runner prints what the workbench console, the extension host and the UI tests say. None of
// it may show the emulator's token (a real one would be a leak in a CI log): every line goes
// through a guard that masks the token and remembers that it appeared, so the run fails with a
// clear message instead of passing with the token in its output.
'use strict';

/**
 * @param {...(string | undefined)} tokens  the emulator's tokens of this run (the read-only one too)
 */
function createTokenGuard(...tokens) {
  const needles = [...new Set(tokens.filter(Boolean).flatMap((t) => [t, encodeURIComponent(t)]))];
  const sources = new Map();

  /** `text` with the token masked; counts where it appeared. */
  function mask(text, source) {
    let out = String(text);
    for (const needle of needles) {
      if (!out.includes(needle)) continue;
      sources.set(source, (sources.get(source) ?? 0) + out.split(needle).length - 1);
      out = out.split(needle).join('***');
    }
    return out;
  }

  /**
   * A writer for a stream of chunks: cut into lines first (a token can straddle two chunks),
   * each line masked before `write` sees it. Call `end()` for the last, unterminated line.
   */
  function lines(source, write) {
    let partial = '';
    return {
      push(chunk) {
        const text = partial + chunk.toString('utf8');
        const cut = text.lastIndexOf('\n');
        if (cut < 0) {
          partial = text;
          return;
        }
        partial = text.slice(cut + 1);
        write(mask(text.slice(0, cut + 1), source));
      },
      end() {
        if (partial) write(mask(partial, source));
        partial = '';
      },
    };
  }

  /** `text` with the token masked, for a line already counted by mask(). */
  function hide(text) {
    let out = String(text);
    for (const needle of needles) out = out.split(needle).join('***');
    return out;
  }

  return {
    mask,
    hide,
    lines,
    leaked: () => sources.size > 0,
    /** One sentence for the summary: where the token showed up and how often. */
    report: () =>
      `the emulator token appeared in the runner's output (${[...sources].map(([s, n]) => `${s}: ${n}`).join(', ')}); ` +
      'it was masked when printed, but something printed it: find and fix that',
  };
}

module.exports = { createTokenGuard };
