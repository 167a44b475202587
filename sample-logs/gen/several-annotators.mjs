// A generated log's labels spread over several annotators (issue 24 tried the app "on a 53k-event
// log with several annotators"; the big file's labels are all `bench-judge`'s). Deterministic:
// each labeled retrieval goes to one of the annotators by its number, and every third one is
// labeled again by the next annotator with the grade moved by one (disagreements for Agreement).
// Streams line by line, so a file of a million events never sits in memory whole.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export const ANNOTATORS = ['ann-ada', 'ann-bo', 'ann-cy'];

export async function spreadAnnotators(inFile, outFile) {
  const out = createWriteStream(outFile);
  const write = async (line) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  let events = 0;
  let extra = 0;
  for await (const line of createInterface({ input: createReadStream(inFile), crlfDelay: Infinity })) {
    if (!line) continue;
    events++;
    if (!line.includes('"type":"label"')) {
      await write(line);
      continue;
    }
    const label = JSON.parse(line);
    const n = Number(/\d+$/.exec(label.retrieval_id ?? '')?.[0] ?? 0);
    label.annotator = ANNOTATORS[n % ANNOTATORS.length];
    await write(JSON.stringify(label));
    if (n % 3 === 0) {
      await write(JSON.stringify({ ...label, event_id: `${label.event_id}-2`, annotator: ANNOTATORS[(n + 1) % ANNOTATORS.length], grade: (label.grade + 1) % 4 }));
      extra++;
    }
  }
  out.end();
  await once(out, 'finish');
  return { events: events + extra, extra };
}
