// The linter `npm test` runs (issue 27, item 2): the promise rules first, since a dropped
// rejection ends a Node 20 daemon. Typed rules read each file's tsconfig (projectService).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'fixtures/**/*.js', '**/*.d.ts'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript checks names and globals itself; the base rule does not know types.
      'no-undef': 'off',
      'no-unused-vars': 'off',
      'no-redeclare': 'off',
      // Control characters in patterns are deliberate: names, links and terminal output are checked for them.
      'no-control-regex': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      '@typescript-eslint/promise-function-async': 'off',
    },
  },
);
