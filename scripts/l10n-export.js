#!/usr/bin/env node
// Writes l10n/bundle.l10n.json: every message of a `vscode.l10n.t('…')` call under src/, the
// English text as both key and value (the format VS Code reads, and translators copy to
// bundle.l10n.<locale>.json). A stand-in for `@vscode/l10n-dev export`, which this project does
// not depend on.
//
// Usage: node scripts/l10n-export.js [--check]   (--check: exit 1 when the bundle is out of date)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const REPO_ROOT = path.resolve(__dirname, '..');
const SOURCE_DIR = path.join(REPO_ROOT, 'src');
const BUNDLE_FILE = path.join(REPO_ROOT, 'l10n', 'bundle.l10n.json');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** True for `l10n.t(...)` and `vscode.l10n.t(...)`. */
function isL10nCall(node) {
  return ts.isCallExpression(node) && /(^|\.)l10n\.t$/.test(node.expression.getText());
}

/**
 * Every message passed to l10n.t in `files`, and the calls whose message is not a plain literal
 * (those cannot be translated: the bundle needs the exact text).
 */
function collectMessages(files = sourceFiles(SOURCE_DIR)) {
  const messages = new Set();
  const unextractable = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (isL10nCall(node)) {
        const first = node.arguments[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          messages.add(first.text);
        } else {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          unextractable.push(`${path.relative(REPO_ROOT, file)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages: [...messages].sort(), unextractable };
}

/** The bundle file's text for these messages. */
function bundleText(messages) {
  return `${JSON.stringify(Object.fromEntries(messages.map((m) => [m, m])), null, 2)}\n`;
}

function main() {
  const check = process.argv.includes('--check');
  const { messages, unextractable } = collectMessages();
  if (unextractable.length) {
    console.error(`l10n.t needs a literal message; not one at:\n  ${unextractable.join('\n  ')}`);
    process.exit(1);
  }
  const wanted = bundleText(messages);
  if (check) {
    const current = fs.existsSync(BUNDLE_FILE) ? fs.readFileSync(BUNDLE_FILE, 'utf8') : '';
    if (current !== wanted) {
      console.error(`${path.relative(REPO_ROOT, BUNDLE_FILE)} is out of date: run node scripts/l10n-export.js`);
      process.exit(1);
    }
    console.log(`${path.relative(REPO_ROOT, BUNDLE_FILE)} is up to date (${messages.length} messages)`);
    return;
  }
  fs.mkdirSync(path.dirname(BUNDLE_FILE), { recursive: true });
  fs.writeFileSync(BUNDLE_FILE, wanted);
  console.log(`wrote ${path.relative(REPO_ROOT, BUNDLE_FILE)} (${messages.length} messages)`);
}

if (require.main === module) main();

module.exports = { collectMessages, bundleText, BUNDLE_FILE, SOURCE_DIR };
