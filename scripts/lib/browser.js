// Headless Chromium (the Debian package) driven by playwright-core. Never `playwright install`:
// it downloads a browser, which these machines cannot.
'use strict';
const { chromium } = require('playwright-core');

const CHROMIUM_ARGS = [
  '--no-sandbox', // root cannot use Chromium's sandbox
  '--disable-gpu',
  // Without these Chromium keeps calling home to hosts it cannot reach.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @param {{ executablePath?: string, headless?: boolean }} [options] */
function launchBrowser({ executablePath = '/usr/bin/chromium', headless = true } = {}) {
  return chromium.launch({ executablePath, headless, args: CHROMIUM_ARGS });
}

const PLACEHOLDER = /%([sdifoOjc%])/g;

/** Applies printf-style placeholders in `format` to values taken from the front of `rest`. */
function applyFormat(format, rest) {
  const show = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  return format.replace(PLACEHOLDER, (whole, kind) => {
    if (kind === '%') return '%';
    if (rest.length === 0) return whole;
    const value = rest.shift();
    switch (kind) {
      case 'c':
        return ''; // CSS for the browser console; meaningless here
      case 'd':
      case 'i':
        return String(Number.parseInt(value, 10));
      case 'f':
        return String(Number(value));
      case 's':
        return show(value);
      default:
        return show(value);
    }
  });
}

/** An argument's value; an Error becomes its stack (as JSON it would be just `{"name":...}`). */
function argumentValue(handle) {
  return handle
    .evaluate((v) => (v instanceof Error ? v.stack || `${v.name}: ${v.message}` : v))
    .catch(() => handle.jsonValue())
    .catch(() => String(handle));
}

/**
 * Renders a console message as the browser console would. Placeholders (%s %d %i %f %o %O %j %c)
 * take the arguments after them. The workbench forwards the extension host's output as
 * `('%c INFO', css, originalFormat, ...originalArgs)`, so a string argument that still holds
 * placeholders after formatting starts a new format of its own.
 * @param {import('playwright-core').ConsoleMessage} msg
 */
async function formatConsoleMessage(msg) {
  const rest = await Promise.all(msg.args().map(argumentValue));
  if (rest.length === 0) return msg.text();
  const parts = [];
  while (rest.length) {
    const value = rest.shift();
    if (typeof value === 'string') parts.push(applyFormat(value, rest));
    else parts.push(JSON.stringify(value));
  }
  return parts.join(' ');
}

/**
 * Prints every console message of `page` in order (formatting is async; the queue keeps order).
 * `filter(text, type)` decides what to print. Returns `drain()` to await the last line.
 */
function pipeConsole(page, { write = (line) => console.log(line), filter = () => true } = {}) {
  let queue = Promise.resolve();
  page.on('console', (msg) => {
    queue = queue
      .then(async () => {
        const text = await formatConsoleMessage(msg);
        if (filter(text, msg.type())) write(text);
      })
      .catch(() => {});
  });
  return { drain: () => queue };
}

module.exports = { CHROMIUM_ARGS, launchBrowser, formatConsoleMessage, pipeConsole };
