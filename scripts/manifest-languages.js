#!/usr/bin/env node
// The language ids in package.json's `when` clauses (the run button, the context menus, the key
// binding: `editorLangId =~ /^(cpp|c|…)$/`) are generated from the extension's one language table,
// src/core/languages/table.ts, so a new language there is a new language everywhere. Run by
// `npm run build` (esbuild.js); `--check` exits 1 when package.json differs from the table
// (test/unit/manifest-languages.test.ts asserts the same). Node reads the table from source through
// scripts/ts-register.js: no compile step is needed first.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.join(__dirname, '..');
const MANIFEST = path.join(REPO_ROOT, 'package.json');
/** A `when` clause's language test: the context key, then the generated alternation. */
const PATTERN = /\b(editorLangId|resourceLangId) =~ \/\^\(([^)]*)\)\$\//g;

function tableLanguageIds() {
  require('./ts-register');
  const { LANGUAGES } = require(path.join(REPO_ROOT, 'src', 'core', 'languages', 'table.ts'));
  const ids = [];
  for (const language of LANGUAGES) for (const id of language.languageIds) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** The manifest's text with every language alternation set to `ids`; the count of clauses found. */
function withLanguageIds(text, ids) {
  let clauses = 0;
  const updated = text.replace(PATTERN, (_match, key) => {
    clauses++;
    return `${key} =~ /^(${ids.join('|')})$/`;
  });
  return { text: updated, clauses };
}

function main() {
  const current = fs.readFileSync(MANIFEST, 'utf8');
  const { text, clauses } = withLanguageIds(current, tableLanguageIds());
  if (clauses === 0) throw new Error('package.json has no `editorLangId =~ /^(…)$/` clause: has its shape changed?');
  if (text === current) return 0;
  if (process.argv.includes('--check')) {
    console.error('package.json: the language ids of its `when` clauses differ from src/core/languages/table.ts; run `node scripts/manifest-languages.js`.');
    return 1;
  }
  fs.writeFileSync(MANIFEST, text);
  console.log(`package.json: ${clauses} language clauses updated from src/core/languages/table.ts`);
  return 0;
}

if (require.main === module) process.exitCode = main();

module.exports = { main, tableLanguageIds, withLanguageIds, MANIFEST };
