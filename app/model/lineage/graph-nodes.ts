import { gradeKey, type GraphContext } from './context';
import { derivedMark } from './derived';
import { isCompletion } from '../metrics/action-rules';
import { nodeId, type LineageNode, type NodeTone } from './graph';
import { isNegativeAction, isSourceless, maskedKind, orfSignalLabels, resultCount, shortTime, usage } from './node-text';
import type { LineageActionRow, LineageRetrievalRow } from './rows';

const isExternal = (context: GraphContext, sessionId: string | null) =>
  !!context.options.focusSessionId && sessionId !== null && sessionId !== context.options.focusSessionId;

/** "ca-0042 · " for a node of another session, so the session shows on the node itself. */
const sessionPrefix = (context: GraphContext, sessionId: string | null) => (isExternal(context, sessionId) ? `${sessionId} · ` : '');

const base = (context: GraphContext, fields: Pick<LineageNode, 'id' | 'kind' | 'title' | 'subtitle' | 'sessionId' | 'ts'> & Partial<LineageNode>): LineageNode => ({
  tone: 'normal',
  badges: [],
  retrievalId: null,
  assetId: null,
  eventId: null,
  external: isExternal(context, fields.sessionId),
  ...fields,
});

export function retrievalNode(context: GraphContext, row: LineageRetrievalRow): LineageNode {
  const masked = maskedKind(row);
  const signals = orfSignalLabels(row);
  const list = context.lists.get(row.retrieval_id)!;
  // a failed retrieval (docs/log-format.md `error`) is not an empty result
  const failed = row.error != null;
  return base(context, {
    id: nodeId.retrieval(row.retrieval_id),
    kind: 'retrieval',
    title: row.query ? `“${row.query}”` : '(no query)',
    subtitle: `${sessionPrefix(context, row.session_id)}${row.retrieval_id} · ${row.role ?? 'no role'} · ${failed ? 'failed' : resultCount(row.returned_asset_ids, list.size)}`,
    tone: masked || failed ? 'bad' : signals.length ? 'warn' : 'normal',
    badges: [...(failed ? [`failed: ${row.error}`] : []), ...(masked ? [`masked failure (${masked})`] : []), ...signals.map((signal) => `ORF: ${signal}`)],
    sessionId: row.session_id,
    ts: row.ts,
    retrievalId: row.retrieval_id,
  });
}

/** A source that an action names but no loaded retrieval has: an orphan reference. */
export function unknownRetrievalNode(context: GraphContext, retrievalId: string): LineageNode {
  return base(context, {
    id: nodeId.retrieval(retrievalId),
    kind: 'retrieval',
    title: 'Unknown retrieval',
    subtitle: `${retrievalId} · not in the loaded logs`,
    tone: 'bad',
    badges: ['orphan reference'],
    sessionId: null,
    ts: null,
    retrievalId,
  });
}

export function assetNode(context: GraphContext, retrievalId: string | null, assetId: string): LineageNode {
  const retrieval = retrievalId === null ? undefined : context.retrievals.get(retrievalId);
  const list = retrievalId === null ? undefined : context.lists.get(retrievalId);
  const rank = list?.ranks.get(assetId);
  const grade = retrievalId === null ? undefined : context.grades.get(gradeKey(retrievalId, assetId));
  const used = usage(context.actedOn.get(nodeId.asset(retrievalId, assetId)) ?? []);
  let place = 'no retrieval supplied it';
  if (retrievalId !== null && !retrieval) place = 'source unknown';
  else if (retrieval && rank === undefined) place = `not in ${retrievalId}'s list`;
  else if (list && rank !== undefined) place = `${used ? `${used} ` : ''}#${rank} of ${list.size}`;
  const tone: NodeTone = retrievalId === null ? 'muted' : used && grade === 0 ? 'bad' : rank === undefined ? 'warn' : 'normal';
  return base(context, {
    id: nodeId.asset(retrievalId, assetId),
    kind: 'asset',
    title: context.assets.get(assetId)?.title ?? assetId,
    subtitle: `${assetId} · ${place}${grade !== undefined ? ` · grade ${grade}` : ''}`,
    tone,
    badges: used && grade === 0 ? ['not relevant'] : [],
    sessionId: retrieval?.session_id ?? null,
    ts: retrieval?.ts ?? null,
    retrievalId,
    assetId,
  });
}

export function foldNode(context: GraphContext, row: LineageRetrievalRow, folded: number): LineageNode {
  const complete = context.complete.has(row.retrieval_id);
  return base(context, {
    id: nodeId.fold(row.retrieval_id),
    kind: 'fold',
    title: `+${folded} ${complete ? 'not used' : folded === 1 ? 'other result' : 'other results'}`,
    subtitle: 'click to show',
    tone: 'muted',
    sessionId: row.session_id,
    ts: row.ts,
    retrievalId: row.retrieval_id,
  });
}

export function actionNode(context: GraphContext, action: LineageActionRow): LineageNode {
  const source = action.effective_source_retrieval_id;
  const sourceRow = source === null ? undefined : context.retrievals.get(source);
  const completion = isCompletion(action.actor, action.action);
  const badges: string[] = [];
  let tone: NodeTone = completion ? 'good' : 'normal';
  const derived = derivedMark(action.derived);
  if (derived) badges.push(derived.label);
  if (action.inherited) badges.push('inherited');
  if (completion && sourceRow && sourceRow.session_id !== action.session_id) badges.push('cross-session');
  if (completion && source === null) {
    badges.push('unattributed');
    tone = 'muted';
  }
  if (source !== null && !sourceRow) {
    badges.push('orphan source');
    tone = 'bad';
  }
  if (isNegativeAction(action)) {
    badges.push(`ORF: ${action.action}`);
    tone = 'bad';
  }
  if (isSourceless(action)) {
    badges.push('no source');
    tone = 'warn';
  }
  return base(context, {
    id: nodeId.action(action.event_id),
    kind: completion ? 'completion' : 'action',
    title: `${action.actor ?? 'someone'} ${action.action}`,
    subtitle: `${sessionPrefix(context, action.session_id)}${shortTime(action.ts)}`,
    tone,
    badges,
    sessionId: action.session_id,
    ts: action.ts,
    retrievalId: source,
    assetId: action.consumed_asset_id,
    eventId: action.event_id,
  });
}
