import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The pure core runs in plain Node tests: it must never reach VS Code, the host adapters or the tools.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/core is pure: depend on an interface, implemented in src/host.' }],
          patterns: [
            { group: ['**/host/**', '**/tools/**', '**/webview/**'], message: 'src/core must not depend on outer layers.' },
          ],
        },
      ],
    },
  },
  {
    // The webview is a browser bundle: no Node built-ins, no host code.
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The webview talks to the host only through the message protocol.' }],
          patterns: [{ group: ['node:*', '**/host/**', '**/core/**', '**/tools/**'], message: 'The webview holds no agent logic.' }],
        },
      ],
    },
  },
);
