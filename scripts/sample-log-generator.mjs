// The samples' generator for the scripts (app/ingest/sample-logs-path.ts names it for TypeScript):
// `node SAMPLE_LOG_GENERATOR --events N --out FILE` writes one large log (sample-logs/README.md).
import { fileURLToPath } from 'node:url';

export const SAMPLE_LOG_GENERATOR = fileURLToPath(new URL('../sample-logs/generate.mjs', import.meta.url));
