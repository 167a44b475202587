// The layering of app/, drawn in docs/architecture.md "Layers". Each top folder of app/ lists the
// folders it may import from; `typeOnly` folders may be imported for types only. Anything else is
// an error in `npm run lint` (see layering-rule.mjs), and so in `npm test`.
export const LAYERS = {
  lib: { imports: [] },
  schema: { imports: ['lib'] },
  model: { imports: ['schema', 'lib'] },
  engine: { imports: ['model', 'schema', 'lib'] },
  ingest: { imports: ['engine', 'model', 'schema', 'lib'] },
  export: { imports: ['engine', 'model', 'schema', 'lib'] },
  storage: { imports: ['schema', 'lib'] },
  links: { imports: ['model', 'schema', 'lib'] },
  queries: { imports: ['engine', 'export', 'model', 'schema', 'lib'] },
  session: { imports: ['queries', 'engine', 'ingest', 'storage', 'model', 'schema', 'lib'] },
  components: { imports: ['session', 'queries', 'links', 'model', 'schema', 'lib'], typeOnly: ['engine', 'ingest'] },
  features: { imports: ['components', 'session', 'queries', 'links', 'model', 'schema', 'lib'], typeOnly: ['engine', 'ingest'] },
  cli: { imports: ['engine', 'ingest', 'export', 'model', 'schema', 'lib'] },
  // App.tsx, main.tsx, routes.tsx
  '(root)': { imports: ['features', 'components', 'session', 'queries', 'links', 'model', 'schema', 'lib'] },
};

// Tests and their fixtures may also load data through the ingest, and read the bundled sample logs.
export const TEST_SUPPORT = /(\.test\.tsx?|fixtures?\.ts|test-inputs\.ts|-cases\.ts|test-builders\.ts|sdk-fixture\.ts)$/;
export const TEST_SUPPORT_IMPORTS = ['engine', 'ingest', 'export', 'storage', '(outside app)'];
// Files outside app/ that app code may import (the bundled sample logs).
export const OUTSIDE_APP_IMPORTERS = { ingest: ['sample-logs'] };
