import { EVENT_TYPE_NAMES, type EventType } from '../../../schema/event-types';
import { resolvedIntentsSelect, resolvedRelevanceSelect, resolvedRolesSelect } from '../labels';
import { actionLineageSelect } from '../lineage';
import { retrievalBaseSelect } from '../metrics/retrieval-base';
import { promptFactsSelect } from '../metrics/tier0';
import { completionFactsSelect } from '../metrics/tier3';
import { referenceWarningsSelect, warningsAnsweredBy } from '../reference-warnings';
import { sessionSummarySelect } from '../session-summary';
import type { DerivedTable } from './table';

const fromTypes = (types: readonly EventType[], keys: (type: EventType, changed: string) => string) =>
  Object.fromEntries(types.map((type) => [type, (changed: string) => keys(type, changed)]));

/** The turns of appended prompts that name a category: the category of the turn's other events may change. */
const categorizedTurns = (changed: string) => `SELECT turn_id FROM ${changed} WHERE turn_id IS NOT NULL AND category IS NOT NULL`;

/**
 * Every table derived from the loaded events, in dependency order: what each reads, and which of
 * its rows an append to each input changes (table.ts; the update: ../metrics/README.md).
 */
export const DERIVED_TABLES: readonly DerivedTable[] = [
  {
    name: 'reference_warnings',
    reads: [...EVENT_TYPE_NAMES, 'files'],
    select: referenceWarningsSelect,
    key: ['seq'],
    // New events bring their own references and may define what an earlier warning names. The
    // first asset turns on the consumed_asset_id check for every action, so assets rebuild it.
    keysChangedBy: {
      ...fromTypes(EVENT_TYPE_NAMES.filter((type) => type !== 'asset'), (type, changed) => `SELECT seq FROM ${changed} UNION ALL ${warningsAnsweredBy(type, changed)}`),
      files: () => null,
    },
  },
  {
    name: 'session_summary',
    reads: EVENT_TYPE_NAMES,
    select: sessionSummarySelect,
    key: ['session_id'],
    keysChangedBy: fromTypes(EVENT_TYPE_NAMES, (_, changed) => `SELECT session_id FROM ${changed} WHERE session_id IS NOT NULL`),
  },
  { name: 'action_lineage', reads: ['action'], select: (_scope, dialect) => actionLineageSelect(dialect) },
  {
    name: 'resolved_relevance',
    reads: ['label', 'retrieval'],
    select: resolvedRelevanceSelect,
    key: ['retrieval_id', 'asset_id'],
    keysChangedBy: {
      label: (changed) => `
        SELECT retrieval_id, asset_id FROM ${changed} WHERE kind = 'relevance' AND retrieval_id IS NOT NULL
        UNION ALL
        SELECT r.retrieval_id, l.asset_id FROM ${changed} l JOIN retrievals r ON r.query = l.query
        WHERE l.kind = 'relevance' AND l.retrieval_id IS NULL`,
      retrieval: (changed) => `
        SELECT r.retrieval_id, l.asset_id FROM ${changed} r JOIN labels l ON l.query = r.query
        WHERE l.kind = 'relevance' AND l.retrieval_id IS NULL`,
    },
  },
  {
    name: 'resolved_roles',
    reads: ['label'],
    select: resolvedRolesSelect,
    key: ['retrieval_id'],
    keysChangedBy: { label: (changed) => `SELECT retrieval_id FROM ${changed} WHERE kind = 'role'` },
  },
  {
    name: 'resolved_intents',
    reads: ['label'],
    select: resolvedIntentsSelect,
    key: ['turn_id'],
    keysChangedBy: { label: (changed) => `SELECT turn_id FROM ${changed} WHERE kind = 'intent'` },
  },
  {
    name: 'retrieval_base',
    reads: ['retrieval', 'prompt', 'resolved_relevance', 'resolved_roles', 'action_lineage', 'feedback'],
    select: retrievalBaseSelect,
    key: ['retrieval_id'],
    keysChangedBy: {
      // a retrieval's own row, and the row of the one it re-searches (ORF 2)
      retrieval: (changed) => `SELECT retrieval_id FROM ${changed} UNION ALL SELECT rewrite_of FROM ${changed} WHERE rewrite_of IS NOT NULL`,
      // a turn's first category names the category of its retrievals (event-scope.ts)
      prompt: (changed) => `SELECT retrieval_id FROM retrievals WHERE turn_id IN (${categorizedTurns(changed)})`,
      resolved_relevance: (changed) => `SELECT retrieval_id FROM ${changed}`,
      resolved_roles: (changed) => `SELECT retrieval_id FROM ${changed}`,
      feedback: (changed) => `SELECT retrieval_id FROM ${changed} WHERE retrieval_id IS NOT NULL`,
    },
  },
  {
    name: 'completion_facts',
    reads: ['action_lineage', 'action', 'prompt', 'retrieval_base'],
    select: completionFactsSelect,
    key: ['event_id'],
    keysChangedBy: {
      prompt: (changed) => `SELECT event_id FROM action_lineage WHERE turn_id IN (${categorizedTurns(changed)})`,
      retrieval_base: (changed) => `SELECT event_id FROM action_lineage WHERE effective_source_retrieval_id IN (SELECT retrieval_id FROM ${changed})`,
    },
  },
  {
    name: 'prompt_facts',
    reads: ['prompt', 'retrieval', 'resolved_intents'],
    select: promptFactsSelect,
    key: ['event_id'],
    keysChangedBy: {
      prompt: (changed) => `SELECT event_id FROM ${changed} UNION ALL SELECT event_id FROM prompts WHERE turn_id IN (${categorizedTurns(changed)})`,
      retrieval: (changed) => `SELECT event_id FROM prompts WHERE turn_id IN (SELECT turn_id FROM ${changed}) OR rewrite_of IN (SELECT turn_id FROM ${changed})`,
      resolved_intents: (changed) => `SELECT event_id FROM prompts WHERE turn_id IN (SELECT turn_id FROM ${changed})`,
    },
  },
];

/** Kept current after every load and clear: the sessions, overview and rejected-rows screens read them. */
export const POST_LOAD_TABLES = ['reference_warnings', 'session_summary'];

/** Kept current before the metric, lineage and gate screens read them (`ensureDerivedTables`). */
export const METRIC_TABLES = ['action_lineage', 'resolved_relevance', 'resolved_roles', 'resolved_intents', 'retrieval_base', 'completion_facts', 'prompt_facts'];
