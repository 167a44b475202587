import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LineageGraphView } from '../../components/lineage-graph/LineageGraphView';
import { NodeDetails } from '../../components/lineage-graph/NodeDetails';
import { QueryState } from '../../components/QueryState';
import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';
import { useScreenView } from '../../links/use-screen-view';
import { useSharedSettings } from '../../links/use-shared-settings';
import { sessionDrift } from '../../model/drift/flag-placement';
import { buildLineageGraph } from '../../model/lineage/build-graph';
import { buildTimeline, type TimelineTurn } from '../../model/lineage/timeline';
import { type SessionInspectorPage } from '../../engine/sql/session-inspector';
import { SESSION_PAGE_EVENTS } from '../../model/session/session-page';
import { useDataset } from '../../session/dataset';
import { driftAnalysisOptions } from '../../queries/drift';
import { sessionInspectorOptions } from '../../queries/lineage';
import { sessionSummaryOptions } from '../../queries/sessions';
import { driftSteps } from './flag-steps';
import { InspectorHeader } from './InspectorHeader';
import { LabelingBar } from './LabelingBar';
import { labelTargets } from './label-targets';
import { SessionLabelsProvider } from './session-labels-context';
import { SessionQuestions } from './SessionQuestions';
import { TimelinePager } from './TimelinePager';
import { TurnTimeline } from './TurnTimeline';
import { useFillViewport } from './use-fill-viewport';
import { useWhatIfLists } from './use-what-if-lists';
import './session-inspector.css';

/**
 * A page's turns in the session's order (the timeline orders them by their first event on the
 * page); a whole session is already in it.
 */
function inPageOrder(turns: TimelineTurn[], rows: SessionInspectorPage): TimelineTurn[] {
  const { page } = rows;
  if (rows.events.length === page.events) return turns;
  const place = new Map(page.turnIds.map((turnId, index) => [turnId, index]));
  const at = (turn: TimelineTurn) => (turn.spansOnly ? Infinity : (place.get(turn.turnId) ?? Infinity));
  return [...turns].sort((a, b) => at(a) - at(b));
}

/**
 * One session, full width: its turns on the left (every event, each retrieval's full ranked list,
 * marks; a session longer than a page a page at a time), its lineage graph on the right, reaching
 * into other sessions. The selected node and the page are in the URL (`node`, `page`), so a link
 * reproduces the view.
 */
export function SessionInspector({ sessionId }: { sessionId: string }) {
  const dataset = useDataset();
  const { settings } = useSharedSettings();
  const view = useScreenView(sessionsUrl);
  // A label bumps the dataset version: the session stays on screen (placeholders) while its numbers
  // recompute, so nothing flashes empty and the timeline keeps its scroll position.
  const summary = useQuery({ ...sessionSummaryOptions(dataset, sessionId), placeholderData: keepPreviousData });
  // with no page in the URL, a long session opens at the page of the linked node
  const longSession = (summary.data?.events ?? 0) > SESSION_PAGE_EVENTS;
  // the lineage tables are built from all loaded events: wait for a load to finish
  const inspector = useQuery({
    ...sessionInspectorOptions(dataset, sessionId, settings, view.page, longSession ? view.node : null),
    enabled: dataset.engine !== null && dataset.phase === 'ready',
    placeholderData: keepPreviousData,
  });
  // the Questions screen's analysis, filtered to this session: one rule for every drift flag
  const driftAnalysis = useQuery({ ...driftAnalysisOptions(dataset), placeholderData: keepPreviousData });
  const selected = view.node;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const frame = useRef<HTMLElement>(null);
  const timelinePane = useRef<HTMLDivElement>(null);
  const height = useFillViewport(frame);
  const rows = inspector.data;
  const whatIf = useWhatIfLists(view.whatIf, rows?.events);
  const turns = useMemo(() => (rows ? inPageOrder(buildTimeline(rows, sessionId, whatIf), rows) : []), [rows, sessionId, whatIf]);
  const targets = useMemo(() => labelTargets(rows?.events ?? []), [rows]);
  const drift = useMemo(
    () => (rows && driftAnalysis.data ? sessionDrift(driftAnalysis.data, sessionId, new Set(rows.events.map((event) => event.seq))) : null),
    [rows, driftAnalysis.data, sessionId],
  );
  const graph = useMemo(() => {
    if (!rows) return null;
    const completeRetrievals = new Set(rows.retrievals.filter((row) => row.session_id === sessionId).map((row) => row.retrieval_id));
    return buildLineageGraph({ ...rows, completeRetrievals }, { focusSessionId: sessionId, expanded });
  }, [rows, sessionId, expanded]);
  const selectedNode = graph?.nodes.find((node) => node.id === selected) ?? null;

  // selecting on a page of a long session keeps that page (not the selected node's page, which it is)
  const shownIndex = rows && rows.events.length < rows.page.events ? rows.page.index : null;
  const select = useCallback((node: string | null) => navigate(sessionsUrl.changed(shownIndex === null ? { node } : { node, page: shownIndex })), [shownIndex]);
  const expand = useCallback((retrievalId: string) => setExpanded((previous) => new Set([...previous, retrievalId])), []);
  const collapse = useCallback((retrievalId: string) => setExpanded((previous) => new Set([...previous].filter((id) => id !== retrievalId))), []);

  // a new page starts at its top; the first one keeps where the URL's #fragment scrolled it
  const pageIndex = rows?.page.index;
  const shownPage = useRef(pageIndex);
  useEffect(() => {
    if (shownPage.current !== undefined && shownPage.current !== pageIndex) timelinePane.current?.scrollTo?.({ top: 0 });
    shownPage.current = pageIndex;
  }, [pageIndex]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A labeling dialog closed by this Esc (components/labeling-keys) has taken it.
      if (event.defaultPrevented || event.key !== 'Escape' || (event.target as Element).closest?.('.lg-viewport, input, select, textarea')) return;
      if (selected) select(null);
      else navigate(sessionsUrl.changed({ session: null, node: null, page: null }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, select]);

  return (
    <section ref={frame} className="inspector" style={{ height }} aria-label={`Session ${sessionId}`}>
      <InspectorHeader sessionId={sessionId} summary={summary.data} missing={summary.isFetched && !summary.data} turns={turns}
        links={graph?.sessionLinks ?? []} settings={settings} driftFlags={drift ? [...drift.flagsByEvent.values()].flat().length : null}
        driftSteps={drift ? driftSteps(turns, drift.flagsByEvent) : []}
        partial={rows ? rows.events.length < rows.page.events : false} />
      <QueryState query={inspector} label="this session's timeline and lineage" />
      <div className="inspector-body">
        <div className="timeline-pane" ref={timelinePane} aria-busy={inspector.isPlaceholderData}>
          <SessionLabelsProvider targets={targets}>
            <LabelingBar />
            <SessionQuestions drift={drift} sessionId={sessionId} />
            {rows && <TimelinePager page={rows.page} busy={inspector.isPlaceholderData} onPage={(page) => navigate(sessionsUrl.changed({ page, node: null }))} />}
            <TurnTimeline turns={turns} selectedNode={selected} onSelectNode={select} drift={drift} />
          </SessionLabelsProvider>
        </div>
        <div className={`graph-pane${selectedNode ? ' with-details' : ''}`}>
          {graph && graph.nodes.length > 0 && (
            <LineageGraphView graph={graph} sceneKey={sessionId} selectedId={selected} onSelect={select} onExpand={expand} label="Lineage graph" />
          )}
          {graph && graph.nodes.length === 0 && (
            <div className="empty-state panel">This session has no retrieval and no action on an asset: there is no lineage to draw.</div>
          )}
          {graph && selectedNode && (
            <NodeDetails graph={graph} node={selectedNode} currentSessionId={sessionId} expanded={expanded} onCollapse={collapse} onClose={() => select(null)} />
          )}
        </div>
      </div>
    </section>
  );
}
