import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The layering errors the project's own lint config reports for `source` placed at `file`. */
async function layeringErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'layering/layers').map((message) => message.message);
}

describe('the layering lint', () => {
  it.each([
    ['app/model/metrics/x.ts', "import { recordFile } from '../../engine/dataset';", 'must not import app/engine'],
    ['app/engine/x.ts', "import { ingestFile } from '../ingest/ingest-file';", 'must not import app/ingest'],
    ['app/features/metrics/x.tsx', "import { SessionsScreen } from '../sessions/SessionsScreen';", 'never imports another feature'],
    ['app/features/metrics/panel/x.tsx', "import { SessionsScreen } from '../../sessions/SessionsScreen';", 'never imports another feature'],
    ['app/components/x.tsx', "import { recordFile } from '../engine/dataset';", 'for types only'],
    ['app/components/x.tsx', "import { Overview } from '../features/overview/OverviewScreen';", 'must not import app/features'],
    ['app/links/x.ts', "import { useDataset } from '../session/dataset';", 'must not import app/session'],
    ['app/lib/x.ts', "const m = import('../engine/dataset');", 'must not import app/engine'],
    ['app/queries/x.ts', "const w = new Worker(new URL('../ingest/ingest.worker.ts', import.meta.url));", 'must not import app/ingest'],
    ['app/model/metrics/x.ts', "import { recordFile } from '/app/engine/dataset';", 'must not import app/engine'],
    ['app/lib/x.ts', "const m = import('/app/engine/dataset');", 'must not import app/engine'],
    ['app/model/x.ts', `import { recordFile } from '${root}/app/engine/dataset';`, 'must not import app/engine'],
    ['app/links/x.ts', "import { useDataset } from 'app/session/dataset';", 'must not import app/session'],
    ['app/features/metrics/x.tsx', "import { SessionsScreen } from '/app/features/sessions/SessionsScreen';", 'never imports another feature'],
  ])('rejects %s: %s', async (file, source, expected) => {
    const errors = await layeringErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    ['app/features/metrics/x.tsx', "import type { Engine } from '../../engine/engine';"],
    ['app/features/metrics/x.tsx', "import { type Engine } from '../../engine/engine';"],
    ['app/features/metrics/panel/x.tsx', "import { MetricsScreen } from '../MetricsScreen';"],
    ['app/engine/x.test.ts', "import { loadFiles } from '../ingest/load-files';"],
    ['app/ingest/x.ts', "import { recordFile } from '../engine/dataset';"],
    ['app/ingest/x.ts', "import samples from '../../sample-logs/sessions.jsonl?raw';"],
    ['app/engine/x.ts', "import { mean } from '../model/metrics/report';"],
    ['app/engine/x.ts', "import { mean } from '/app/model/metrics/report';"],
    ['app/engine/x.ts', "import { tableFromIPC } from 'apache-arrow';"],
  ])('allows %s: %s', async (file, source) => {
    expect(await layeringErrors(file, source)).toEqual([]);
  });
});
