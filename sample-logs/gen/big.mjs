// A large creative-assistant-like JSON Lines file for benchmarks, streamed to disk in chunks.
import { closeSync, openSync, writeSync } from 'node:fs';
import { makeRandom } from './random.mjs';

const START = Date.UTC(2026, 8, 1);
const SPAN = Date.UTC(2026, 10, 15) - START;
const CHUNK_BYTES = 1 << 20;
const ACTIONS_USED = ['select', 'place', 'edit', 'export', 'download'];

class ChunkedWriter {
  constructor(path) {
    this.fd = openSync(path, 'w');
    this.parts = [];
    this.pending = 0;
    this.bytes = 0;
    this.events = 0;
  }

  write(event) {
    const line = JSON.stringify(event) + '\n';
    this.parts.push(line);
    this.pending += line.length;
    this.events += 1;
    if (this.pending >= CHUNK_BYTES) this.flush();
  }

  flush() {
    if (!this.parts.length) return;
    const buffer = Buffer.from(this.parts.join(''), 'utf8');
    writeSync(this.fd, buffer);
    this.bytes += buffer.length;
    this.parts = [];
    this.pending = 0;
  }

  close() {
    this.flush();
    closeSync(this.fd);
  }
}

const EVENTS_PER_TURN = 6.4; // prompt, 2.5 retrievals with their actions and labels, response, feedback

/** One session; every turn calls the retriever 1–4 times, so ~40% of all events are retrievals. */
function writeSession(out, rng, ids, s, startMs, turns) {
  const sessionId = `b-s${s}`;
  const userId = `b-u${rng.int(1, Math.max(10, Math.round(ids.sessions / 4)))}`;
  let now = startMs;
  let previousRetrieval = null;
  for (let t = 1; t <= turns; t++) {
    const common = { session_id: sessionId, turn_id: `t-${sessionId}-${t}`, request_id: `req-${sessionId}-${t}`, user_id: userId, surface: 'chat' };
    const event = (type, fields) => {
      now += rng.int(50, 4000);
      const e = { type, event_id: `b-e${ids.event++}`, ts: new Date(now).toISOString(), ...common, ...fields };
      out.write(e);
      return e;
    };
    event('prompt', { text: `find a template for campaign ${rng.int(1, 5000)}` });
    const calls = rng.int(1, 4);
    let cited = [];
    for (let c = 0; c < calls; c++) {
      const size = rng.int(10, 20);
      const returned = Array.from({ length: size }, () => `tpl-${rng.int(1, 9999)}`);
      let score = rng.float(0.6, 0.95);
      const scores = returned.map(() => Number((score -= rng.float(0.001, 0.03)).toFixed(4)));
      const retrievalId = `r-b${ids.retrieval++}`;
      event('retrieval', {
        retrieval_id: retrievalId, query: `campaign template ${rng.int(1, 20000)}`, role: rng.pick(['find', 'browse', 'operate', 'reference', 'step', 'contextual']),
        returned_asset_ids: returned, scores, retriever: 'hybrid-v3', latency_ms: rng.int(60, 900),
        ...(previousRetrieval && rng.chance(0.08) ? { rewrite_of: previousRetrieval } : {}),
      });
      previousRetrieval = retrievalId;
      if (rng.chance(0.3)) {
        const asset = returned[rng.int(0, 3)];
        cited.push(asset);
        event('action', { actor: 'agent', action: rng.pick(['use', 'place']), consumed_asset_id: asset, source_retrieval_id: retrievalId });
      }
      if (rng.chance(0.1)) {
        // Relevance labels for a share of retrievals; labels carry no session.
        for (const assetId of returned.slice(0, 3)) {
          out.write({ type: 'label', event_id: `b-e${ids.event++}`, kind: 'relevance', annotator: 'bench-judge', ts: new Date(now + 86400000).toISOString(), retrieval_id: retrievalId, asset_id: assetId, grade: rng.int(0, 3) });
        }
      }
      if (rng.chance(0.12)) event('action', { actor: 'user', action: rng.pick(ACTIONS_USED), consumed_asset_id: returned[rng.int(0, 5)], source_retrieval_id: retrievalId });
    }
    const response = event('response', { text: 'Here is your design.', cited_asset_ids: cited.slice(0, 3) });
    if (rng.chance(0.08)) event('feedback', { rating: rng.chance(0.2) ? 'down' : 'up', target_event_id: response.event_id });
    cited = [];
  }
}

/** Writes about `targetEvents` events over `sessions` sessions (default: one per ten events). */
export function writeBigFile(path, { targetEvents, sessions, seed = 4242 }) {
  const rng = makeRandom(seed);
  const sessionCount = sessions ?? Math.max(1, Math.round(targetEvents / 10));
  const turnsPerSession = Math.max(1, targetEvents / sessionCount / EVENTS_PER_TURN);
  const out = new ChunkedWriter(path);
  const ids = { event: 1, retrieval: 1, sessions: sessionCount };
  for (let s = 1; s <= sessionCount && out.events < targetEvents; s++) {
    const turns = Math.floor(turnsPerSession) + (rng.next() < turnsPerSession % 1 ? 1 : 0);
    writeSession(out, rng, ids, s, START + Math.floor((SPAN * (s - 1)) / sessionCount), turns);
  }
  out.close();
  return { events: out.events, bytes: out.bytes, sessions: sessionCount };
}
