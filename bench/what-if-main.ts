import { STATISTICS_THREADS, withStatisticsThreads } from '../app/cli/statistics-threads';
import { benchIngest } from './ingest.bench';
import { report } from './measure';
import { benchWhatIf } from './what-if.bench';

/** `BENCH_PARTS=whatif npm run bench`: the events with stages (argument 1) loaded in Node, then the what-if figures. */
const file = process.argv[2];
if (!file) throw new Error('usage: what-if-main FILE_WITH_STAGES');
const ingest = await benchIngest(file);
// the statistics on the command line's threads (the bundled worker beside this bundle, scripts/bench.mjs)
const measurements = [...ingest.measurements, ...(await withStatisticsThreads((statistics) => benchWhatIf(ingest.engine, statistics, STATISTICS_THREADS)))];
report(measurements);
console.log(`WHAT_IF_RESULTS ${JSON.stringify(measurements)}`);
await ingest.engine.close();
