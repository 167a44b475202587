// Layering: every top folder of app/ may import only the folders scripts/lint/layers.mjs lists
// (drawn in docs/architecture.md "Layers"); scripts/lint/layering-rule.mjs checks each resolved import.
// The engine alone talks to DuckDB and builds Arrow; model/ is pure.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layeringRule } from './scripts/lint/layering-rule.mjs';

const ENGINE_ONLY = [
  { group: ['@duckdb/*'], message: 'Only app/engine talks to DuckDB.' },
  { group: ['apache-arrow'], message: 'Only app/engine builds or reads Arrow.' },
];
const restrictPackages = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', '.bench', 'node_modules', 'test-results'] },
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, layering: { rules: { layers: layeringRule } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'layering/layers': 'error',
    },
  },
  restrictPackages(['app/**'], ENGINE_ONLY),
  restrictPackages(['app/model/**'], [...ENGINE_ONLY, { group: ['react', 'react-dom'], message: 'model/ is pure: no React.' }]),
  restrictPackages(['app/engine/**'], []),
);
