// Languages and compilers: the one table of language ids, extensions and compiler ids, which of an
// endpoint's compilers runs a file, and the user's choice over both. The only door into
// src/core/languages (test/unit/layering.test.ts).
export { checkChoice, chooseCompiler, type CompilerChoice, type CompilerOverride, describeChoice, type OverrideSetting } from './compiler-choice';
export { compilerForFile, type OfferedCompiler } from './offered';
export { checkEntryFile, compilerIdForFileName, compilerIdForLanguageId, languageForCompiler, LANGUAGES } from './table';
