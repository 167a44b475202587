import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_LOG_GENERATOR } from '../app/ingest/sample-logs-path';
import { benchAppendLabels } from './append-labels.bench';
import { benchCompareBounds } from './compare.bench';
import { benchGiveLabel } from './give-label.bench';
import { benchIngest } from './ingest.bench';
import { benchMetrics } from './metrics.bench';
import { report, type Measurement } from './measure';

const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const file = path.resolve('.bench', `events-${events}.jsonl`);

if (!existsSync(file)) {
  console.log(`Generating ${events.toLocaleString('en-US')} events into ${file} …`);
  execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', String(events), '--out', file], { stdio: 'inherit' });
}

const measurements: Measurement[] = [];
const ingest = await benchIngest(file);
measurements.push(...ingest.measurements);
measurements.push(...(await benchMetrics(ingest.engine)));
measurements.push(...(await benchCompareBounds(ingest.engine)));
measurements.push(...(await (await import('./session.bench')).benchSession(ingest.engine)));
measurements.push(...(await benchAppendLabels(ingest.engine, ingest.state)));
measurements.push(...(await benchGiveLabel(ingest.engine)));
report(measurements);
await ingest.engine.close();
