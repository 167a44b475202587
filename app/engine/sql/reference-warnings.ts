import { TYPE_COLUMNS, typeTable } from '../../schema/columns';
import { EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { keyIn, type KeyScope } from './derived/table';
import { ident, literal } from './core/quote';

/** `select` over the storage table of each of `types` (ddl.ts: one table per type, with only its own columns). */
const fromTypes = (types: readonly EventType[], select: (table: string) => string) =>
  types.map((type) => select(ident(typeTable(type)))).join('\n  UNION ALL ');

const typesWith = (column: string) => EVENT_TYPE_NAMES.filter((type) => TYPE_COLUMNS[type].some((stored) => stored.name === column));

/** Rewrite chains longer than this are not followed further (a chain that enters a loop elsewhere ends here). */
const MAX_REWRITE_STEPS = 100;

/** What a reference can name, and the events that define it. */
const KNOWN_IDS: { target: string; column: string; types: readonly EventType[] }[] = [
  { target: 'retrieval', column: 'retrieval_id', types: ['retrieval'] },
  { target: 'event', column: 'event_id', types: EVENT_TYPE_NAMES },
  { target: 'turn', column: 'turn_id', types: typesWith('turn_id') },
  { target: 'question', column: 'question_id', types: ['question'] },
  { target: 'subquestion', column: 'subquestion_id', types: ['subquestion'] },
  { target: 'asset', column: 'asset_id', types: ['asset'] },
];

/**
 * `reference_warnings`, derived after every load: references that name no loaded event, and
 * event ids given to more than one event (the event itself is kept), one row per referencing event and field, keyed by the event's `seq`. A
 * scope keeps the references of its events. References and ids are read from the tables of the
 * types that carry them, not from the `events` view (several times faster).
 */
export function referenceWarningsSelect(scope: KeyScope): string {
  const refs = (field: string, target: string, types: readonly EventType[], condition = 'TRUE') =>
    fromTypes(types, (table) => `SELECT seq, file_id, line, ${literal(field)}, ${field}, ${literal(target)} FROM ${table}
    WHERE ${field} IS NOT NULL AND ${condition} AND ${keyIn(scope, 'seq')}`);
  return `
WITH RECURSIVE refs(seq, file_id, line, field, ref, target) AS ${scope ? 'MATERIALIZED' : ''} (
  ${refs('source_retrieval_id', 'retrieval', typesWith('source_retrieval_id'))}
  UNION ALL ${refs('rewrite_of', 'retrieval', ['retrieval'])}
  UNION ALL ${refs('rewrite_of', 'turn', ['prompt'])}
  UNION ALL ${refs('retrieval_id', 'retrieval', ['gate', 'feedback', 'label'])}
  UNION ALL ${refs('target_event_id', 'event', typesWith('target_event_id'))}
  UNION ALL ${refs('question_id', 'question', ['subquestion', 'retrieval', 'response'])}
  UNION ALL ${refs('subquestion_id', 'subquestion', ['retrieval'])}
  UNION ALL ${refs('consumed_asset_id', 'asset', ['action'], `EXISTS (SELECT 1 FROM ${ident(typeTable('asset'))})`)}
),
ids(seq, file_id, line, event_id) AS (
  ${fromTypes(EVENT_TYPE_NAMES, (table) => `SELECT seq, file_id, line, event_id FROM ${table} WHERE event_id IS NOT NULL`)}
),
firsts AS (
  SELECT event_id, min(seq) AS seq FROM ids
  WHERE ${scope ? `event_id IN (SELECT event_id FROM ids WHERE ${keyIn(scope, 'seq')})` : 'TRUE'}
  GROUP BY event_id HAVING count(*) > 1
),
-- A rewrite_of chain that comes back to where it started: warned once, on the event with the
-- latest seq in the loop (the one that closed it, also when loads add the loop's events one by one).
rewrite_edges(kind, seq, id, next) AS (
  SELECT 'retrieval', seq, retrieval_id, rewrite_of FROM ${ident(typeTable('retrieval'))} WHERE rewrite_of IS NOT NULL
  UNION ALL SELECT 'turn', seq, turn_id, rewrite_of FROM ${ident(typeTable('prompt'))} WHERE rewrite_of IS NOT NULL AND turn_id IS NOT NULL
),
-- A step on a loop leads to a step and is led to by one: the walk starts from and follows only those.
rewrite_steps AS (
  SELECT * FROM rewrite_edges
  WHERE (kind, id) IN (SELECT kind, next FROM rewrite_edges) AND (kind, next) IN (SELECT kind, id FROM rewrite_edges)
),
rewrite_walk(kind, start_seq, start_id, id, latest_seq, steps) AS (
  SELECT kind, seq, id, next, seq, 1 FROM rewrite_steps WHERE ${keyIn(scope, 'seq')}
  UNION ALL
  SELECT w.kind, w.start_seq, w.start_id, s.next, greatest(w.latest_seq, s.seq), w.steps + 1
  FROM rewrite_walk w JOIN rewrite_steps s ON s.kind = w.kind AND s.id = w.id
  WHERE w.id <> w.start_id AND w.steps < ${MAX_REWRITE_STEPS}
),
rewrite_loops AS (
  SELECT kind, start_seq AS seq, start_id, min(steps) AS steps FROM rewrite_walk
  WHERE id = start_id AND latest_seq = start_seq GROUP BY ALL
),
known(target, id) AS (
  SELECT DISTINCT target, id FROM (
    ${KNOWN_IDS.map(({ target, column, types }) => fromTypes(types, (table) => `SELECT ${literal(target)}, ${column} FROM ${table}`)).join('\n    UNION ALL ')}
  ) AS ids(target, id)
  -- Only ids some reference names: a DISTINCT of every loaded id (1.5M at 1M events) nearly doubles the query.
  WHERE id IS NOT NULL AND id IN (SELECT ref FROM refs)
)
SELECT r.seq, r.file_id, f.name AS file, r.line, 'warning' AS severity, 'unknown_reference' AS reason, r.field,
       '"' || r.field || '" names ' || r.target || ' "' || r.ref || '", which no loaded event defines' AS message,
       r.target, r.ref
FROM refs r ANTI JOIN known k ON r.target = k.target AND r.ref = k.id
LEFT JOIN files f ON f.file_id = r.file_id
UNION ALL
SELECT l.seq, e.file_id, f.name AS file, e.line, 'warning' AS severity, 'rewrite_cycle' AS reason, 'rewrite_of' AS field,
       '"rewrite_of" leads back to ' || l.kind || ' "' || l.start_id || '" itself after ' || l.steps || (CASE WHEN l.steps = 1 THEN ' step' ELSE ' steps' END) || ': its rewrites form a loop' AS message,
       'cycle' AS target, l.start_id AS ref
FROM rewrite_loops l
JOIN (${fromTypes(['retrieval', 'prompt'], (table) => `SELECT seq, file_id, line FROM ${table}`)}) e ON e.seq = l.seq
LEFT JOIN files f ON f.file_id = e.file_id
UNION ALL
-- An event_id given twice (docs/log-format.md, "Fields every event has": unique): the later events are flagged, the first stands.
-- An id the ingest derived (file:line) repeats only when two files share a name, which is no fault of the log.
SELECT i.seq, i.file_id, f.name AS file, i.line, 'warning' AS severity, 'duplicate_event_id' AS reason, 'event_id' AS field,
       '"event_id" "' || i.event_id || '" was already given to the event at ' || coalesce(ff.name, 'file #' || o.file_id) || ':' || o.line AS message,
       'duplicate' AS target, i.event_id AS ref
FROM ids i JOIN firsts d ON d.event_id = i.event_id AND i.seq > d.seq
JOIN ids o ON o.seq = d.seq
LEFT JOIN files f ON f.file_id = i.file_id
LEFT JOIN files ff ON ff.file_id = o.file_id
WHERE ${keyIn(scope, 'i.seq', 'seq')} AND i.event_id <> coalesce(f.name, '') || ':' || i.line`;
}

/** The warnings whose reference an id defined by `changed` (rows of one event type) now answers. */
export function warningsAnsweredBy(type: EventType, changed: string): string {
  return KNOWN_IDS.filter(({ types }) => types.includes(type))
    .map(({ target, column }) => `SELECT seq FROM reference_warnings WHERE target = ${literal(target)} AND ref IN (SELECT ${column} FROM ${changed})`)
    .join('\nUNION ALL ');
}
