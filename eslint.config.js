import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

/** What core/, gpu/ and the bench may not import: React, zustand, the layers above them. */
const kHeadless = ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*', '**/ui/**', '**/state/**'];
/** src/i18n, however it is reached. */
const kI18n = ['**/i18n', '**/i18n/**'];

export default tseslint.config(
  { ignores: ['**/*.tmp.mjs', 'dist', 'bench-dist', 'node_modules', 'test-results', 'playwright-report', '.gpu', '.gl', '.k14', '.k15', '.gpu-carry', '.gpue1', '.gpue2', '.gpue3'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The loading shell's script (issue #47): a classic script run by the browser as it is.
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // core/ and gpu/ stay free of React, zustand and the DOM so they run headless (Deno, Node).
    files: ['src/core/**/*.ts', 'src/gpu/**/*.ts', 'src/bench/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: kHeadless }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage', 'location', 'history'],
    },
  },
  {
    // ... and free of words: they return data (a message is a core/said.ts Said: a key and its
    // values); state/ and ui/ say it (src/i18n `say`). Not even types come from src/i18n.
    files: ['src/core/**/*.ts', 'src/gpu/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: kHeadless }, { group: kI18n, message: 'core/ and gpu/ return data (core/said.ts); state/ and ui/ put it into words.' }] }],
    },
  },
  {
    // ui → state → gpu → core: views read GPU-side facts through state/ (types may still be imported).
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/gpu/**'], allowTypeImports: true, message: 'Views read GPU-side values through state/; constants they show live in core/.' }] }],
    },
  },
  {
    // No words for people written in JSX: they live in the catalogues (src/i18n/locales/<lang>/), one folder per language.
    // src/i18n/extract.test.ts checks the rest of the source (string tables, messages made in state/, gpu/, core/).
    files: ['src/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            exclude: ['className', 'style', 'type', 'key', 'id', 'width', 'height', 'value', 'href', 'role', 'lang', 'htmlFor', 'name', 'rel', 'target', 'viewBox', 'd', 'fill', 'stroke', 'transform', 'autoComplete', 'inputMode', 'data-.*', 'aria-(controls|describedby|labelledby|current|live|hidden|pressed|expanded|atomic|relevant|haspopup|orientation)'],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~·×÷→←↑↓≤≥±–—…⚠✓✗\\s]+', '[A-Z_-]+'] },
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts', 'e2e-gpu/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e-gpu/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
