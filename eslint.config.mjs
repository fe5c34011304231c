// ESLint: typescript-eslint's recommended rules over the extension, the emulator, the tests and the
// benches, plus the few import rules that say a layering rule better than the layering test can
// (test/unit/layering.test.ts keeps the rules that need the whole import graph: cycles, packages
// behind their index, one feature loading another).
// Formatting is Prettier's (`.prettierrc.json`); no rule here is about layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NO_VSCODE_BELOW_UI = {
  paths: [{ name: 'vscode', message: 'src/api and src/core never import vscode: move the VS Code part to src/ui or a feature (ARCHITECTURE.md).' }],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      '.vscode-test/**',
      'test-output/**',
      'emulator/seed-problems/**',
      // Programs in other languages' clothes: solutions, judges and probes the emulator runs, not our code.
      'test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are tsc's (noUnusedLocals); an `_` prefix marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // tsc resolves every name in TypeScript (typescript-eslint's advice: no-undef only adds noise there).
    files: ['**/*.ts'],
    rules: { 'no-undef': 'off' },
  },
  {
    // Webview scripts run in the browser of a panel.
    files: ['media/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        acquireVsCodeApi: 'readonly',
        console: 'readonly',
        navigator: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        requestAnimationFrame: 'readonly',
        HTMLElement: 'readonly',
        Event: 'readonly',
        MouseEvent: 'readonly',
        KeyboardEvent: 'readonly',
      },
    },
  },
  {
    // Tests read the wire's JSON loosely and load modules afresh with require().
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/api/**/*.ts', 'src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', NO_VSCODE_BELOW_UI] },
  },
  {
    files: ['emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The emulator runs without VS Code.' }],
          patterns: [{ group: ['**/src/**', '../src/*'], message: 'The emulator never imports the extension (ARCHITECTURE.md): share through contract/.' }],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.js', 'emulator/bin/*.js', '*.js', '*.mjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        AbortController: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
