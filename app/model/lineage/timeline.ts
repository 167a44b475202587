import type { EventRow } from '../../schema/fields';
import { parseStoredStages } from '../../schema/stages';
import type { SessionSpan } from '../session/unmapped-spans';
import { feedbackLinks } from '../session/feedback-links';
import { groupByTurn } from '../session/turn-groups';
import { byTime, gradeKey } from './context';
import { derivedMark, type DerivedMark } from './derived';
import { nodeId } from './graph';
import { usage } from './node-text';
import { listPositions, rankList, type ListPosition } from './ranks';
import type { AssetInfoRow, LineageActionRow, LineageRetrievalRow, ReferenceWarningRow, RelevanceRow } from './rows';
import { eventMarks, type MarkContext, type TimelineMark } from './timeline-marks';
import { placeSpans } from './timeline-spans';
import { stageComparison, type StageComparison } from './stage-lists';

export type SessionEvent = EventRow & { file?: string | null };

/** What the session inspector loads (engine/sql/session-inspector.ts). */
export interface SessionInspectorRows {
  events: SessionEvent[];
  retrievals: LineageRetrievalRow[];
  actions: LineageActionRow[];
  assets: AssetInfoRow[];
  relevance: RelevanceRow[];
  warnings: ReferenceWarningRow[];
  /** OpenTelemetry spans of the session that no event covers. */
  spans: SessionSpan[];
}

/** One action on a returned asset, for the chips of a ranked list. */
export interface ResultAction {
  eventId: string;
  label: string;
  sessionId: string | null;
  external: boolean;
  inherited: boolean;
  /** Derived by the import, not logged (derived.ts). */
  derived: DerivedMark | null;
}

/** One position of a retrieval's full list, with what the catalog and the labels say of it. */
export interface ResultItem extends ListPosition {
  title: string | null;
  kind: string | null;
  grade: number | null;
  actions: ResultAction[];
}

export interface TimelineEntry {
  event: SessionEvent;
  marks: TimelineMark[];
  /** The graph node of this event, when it has one. */
  nodeId: string | null;
  retrieval: LineageRetrievalRow | null;
  results: ResultItem[] | null;
  /** For a retrieval with `stages`: its stage lists beside the returned one, with the consumed assets' ranks. */
  stages: StageComparison | null;
  /** The session's feedback events that name this event (`target_event_id`): a thumbs-down on a response. */
  feedback: SessionEvent[];
  /** For a feedback event: the event it names, when that event is in this session. */
  feedbackTarget: SessionEvent | null;
}

export type TimelineItem = { kind: 'event'; entry: TimelineEntry } | { kind: 'span'; span: SessionSpan };

export interface TimelineTurn {
  turnId: string | null;
  startTs: number | null;
  entries: TimelineEntry[];
  /** The group of the session's spans that fall in no turn's time (timeline-spans.ts). */
  spansOnly: boolean;
  spans: SessionSpan[];
  /** The entries and the spans together, in time order. */
  items: TimelineItem[];
}

/**
 * The session's turns in time order, each event with its marks and, for a retrieval, its full
 * ranked list; the session's spans among them.
 */
export function buildTimeline(rows: SessionInspectorRows, sessionId: string, whatIf: WhatIfLists | null = null): TimelineTurn[] {
  const retrievals = new Map(rows.retrievals.map((row) => [row.retrieval_id, row]));
  const lineage = new Map(rows.actions.map((row) => [row.event_id, row]));
  const warnings = new Map<number, ReferenceWarningRow[]>();
  for (const warning of rows.warnings) warnings.set(warning.seq, [...(warnings.get(warning.seq) ?? []), warning]);
  const context: MarkContext = {
    retrievals,
    lists: new Map(rows.retrievals.map((row) => [row.retrieval_id, rankList(row.returned_asset_ids)])),
    lineage,
    warnings,
  };
  const resultsOf = resultBuilder(rows, sessionId);
  const stagesOf = stageBuilder(rows, whatIf);
  const { feedbackOn, targetOf } = feedbackLinks(rows.events);
  const turns = groupByTurn(rows.events).map((turn) => ({
    turnId: turn.turnId,
    startTs: turn.startTs,
    entries: turn.events.map((event) => {
      const retrieval = event.type === 'retrieval' ? (retrievals.get(event.retrieval_id ?? '') ?? null) : null;
      const inGraph = event.type === 'action' && lineage.has(event.event_id ?? '') && (event.consumed_asset_id !== null || event.source_retrieval_id !== null);
      return {
        event,
        marks: eventMarks(event, context),
        nodeId: retrieval ? nodeId.retrieval(retrieval.retrieval_id) : inGraph ? nodeId.action(event.event_id!) : null,
        retrieval,
        results: retrieval ? resultsOf(retrieval) : null,
        stages: retrieval ? stagesOf(retrieval, event.stages) : null,
        feedback: event.event_id ? (feedbackOn.get(event.event_id) ?? []) : [],
        feedbackTarget: targetOf.get(event.seq) ?? null,
      };
    }),
  }));
  return placeSpans(turns, rows.spans);
}

function resultBuilder(rows: SessionInspectorRows, sessionId: string) {
  const assets = new Map(rows.assets.map((row) => [row.asset_id, row]));
  const grades = new Map(rows.relevance.map((row) => [gradeKey(row.retrieval_id, row.asset_id), row.grade]));
  const actions = new Map<string, ResultAction[]>();
  for (const action of rows.actions) {
    if (action.effective_source_retrieval_id === null || action.consumed_asset_id === null) continue;
    const key = gradeKey(action.effective_source_retrieval_id, action.consumed_asset_id);
    const external = action.session_id !== sessionId;
    const chip = {
      eventId: action.event_id, label: `${action.actor ?? 'someone'} ${action.action}`, sessionId: action.session_id, external,
      inherited: action.inherited, derived: derivedMark(action.derived),
    };
    actions.set(key, [...(actions.get(key) ?? []), chip]);
  }
  return (retrieval: LineageRetrievalRow): ResultItem[] =>
    listPositions(retrieval.returned_asset_ids, retrieval.scores).map((position) => {
      const key = gradeKey(retrieval.retrieval_id, position.assetId);
      const asset = assets.get(position.assetId);
      return {
        ...position,
        title: asset?.title ?? null,
        kind: asset?.kind ?? null,
        grade: grades.get(key) ?? null,
        actions: position.rank === null ? [] : (actions.get(key) ?? []),
      };
    });
}

/** A what-if pipeline and the lists it makes, by retrieval id (a retrieval it is not defined for has none). */
export interface WhatIfLists {
  pipeline: string;
  /** By retrieval id: the list, and its assets' fused scores (empty or null when the pipeline has none). */
  lists: ReadonlyMap<string, { assetIds: readonly string[]; scores: readonly number[] | null }>;
}

/** A retrieval's stage lists (its event's stored `stages`) with the assets its actions consumed, and how. */
function stageBuilder(rows: SessionInspectorRows, whatIf: WhatIfLists | null) {
  const titles = new Map(rows.assets.map((row) => [row.asset_id, row.title]));
  const actedOn = new Map<string, Map<string, LineageActionRow[]>>();
  for (const action of [...rows.actions].sort(byTime)) {
    if (action.effective_source_retrieval_id === null || action.consumed_asset_id === null) continue;
    const byAsset = actedOn.get(action.effective_source_retrieval_id) ?? new Map<string, LineageActionRow[]>();
    actedOn.set(action.effective_source_retrieval_id, byAsset);
    byAsset.set(action.consumed_asset_id, [...(byAsset.get(action.consumed_asset_id) ?? []), action]);
  }
  return (retrieval: LineageRetrievalRow, storedStages: string | null): StageComparison | null => {
    const stages = parseStoredStages(storedStages);
    if (stages.length === 0) return null;
    const consumed = new Map([...(actedOn.get(retrieval.retrieval_id) ?? new Map<string, LineageActionRow[]>())].map(([assetId, actions]) => [assetId, usage(actions) ?? 'used']));
    const whatIfList = whatIf?.lists.get(retrieval.retrieval_id);
    return stageComparison({
      stages, returned: retrieval.returned_asset_ids, scores: retrieval.scores, consumed, titles,
      whatIf: whatIf && whatIfList ? { pipeline: whatIf.pipeline, ...whatIfList } : null,
    });
  };
}
