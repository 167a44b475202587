// Layering (docs/architecture.md): lib ← schema ← ingest, engine, model ← links, queries ← components ← features ← App.
// links/ holds each screen's URL codec, so that any feature can link to any screen without importing it.
// Each folder lists what it must not import; the engine alone touches DuckDB and Arrow.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ENGINE_ONLY = [
  { group: ['@duckdb/*'], message: 'Only app/engine talks to DuckDB.' },
  { group: ['apache-arrow'], message: 'Only app/engine builds or reads Arrow.' },
];
const layer = (files, forbidden, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        ...forbidden.map((folder) => ({ regex: `(^|/)${folder}/`, message: `${files[0]} must not import from app/${folder} (layering).` })),
        ...extra,
      ],
    }],
  },
});
const UP = ['links', 'queries', 'components', 'features', 'ui'];

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', '.bench', 'node_modules', 'test-results'] },
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  layer(['app/lib/**'], ['schema', 'ingest', 'engine', 'model', 'cli', ...UP], ENGINE_ONLY),
  layer(['app/schema/**'], ['ingest', 'engine', 'model', 'cli', ...UP], ENGINE_ONLY),
  layer(['app/model/**'], ['ingest', 'engine', 'cli', ...UP], [...ENGINE_ONLY, { group: ['react', 'react-dom'], message: 'model/ is pure: no React.' }]),
  layer(['app/ingest/**'], ['model', 'cli', ...UP], ENGINE_ONLY),
  layer(['app/engine/**'], ['cli', ...UP]),
  layer(['app/links/**'], ['ingest', 'engine', 'queries', 'components', 'features', 'ui', 'cli'], ENGINE_ONLY),
  layer(['app/queries/**'], ['components', 'features', 'cli'], ENGINE_ONLY),
  layer(['app/components/**', 'app/ui/**'], ['features', 'cli'], ENGINE_ONLY),
  layer(['app/features/**'], ['cli'], [...ENGINE_ONLY, { regex: '^\\.\\./(?!\\.\\.)', message: 'A feature never imports another feature.' }]),
  layer(['app/cli/**'], UP, ENGINE_ONLY),
);
