import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { formatCount } from '../../lib/format';
import type { LineageGraph } from '../../model/lineage/graph';
import { lineagePath } from '../../model/lineage/lineage-path';
import { drawGraph, nodeAt, type CanvasScene } from './draw-canvas';
import { GraphLegend } from './GraphLegend';
import { SvgGraph } from './SvgGraph';
import { useGraphLayout } from './use-graph-layout';
import { useViewport, type Transform } from './use-viewport';
import './lineage-graph.css';

/** Above this many nodes the graph is drawn on a canvas: SVG pan and zoom stutter with thousands of elements. */
export const SVG_NODE_LIMIT = 500;

interface LineageGraphViewProps {
  graph: LineageGraph;
  /** What the graph is of (a session, a trace): the view fits the graph when it changes, not when a fold opens. */
  sceneKey: string;
  selectedId: string | null;
  onSelect(nodeId: string | null): void;
  onExpand(retrievalId: string): void;
  label: string;
}

export function LineageGraphView({ graph, sceneKey, selectedId, onSelect, onExpand, label }: LineageGraphViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const { layout, graph: shown, pending, ms, error } = useGraphLayout(graph, container);
  const sceneRef = useRef<SVGGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const canvas = (shown?.nodes.length ?? 0) > SVG_NODE_LIMIT;
  const path = useMemo(() => (shown && selectedId && shown.nodes.some((n) => n.id === selectedId) ? lineagePath(shown, selectedId) : null), [shown, selectedId]);
  const scene = useRef<CanvasScene | null>(null);
  const frame = useRef(0);
  const latest = useRef<Transform>({ x: 0, y: 0, k: 1 });

  /** SVG: one attribute change per move; canvas: at most one redraw per animation frame. */
  const apply = useCallback((transform: Transform) => {
    latest.current = transform;
    sceneRef.current?.setAttribute('transform', `translate(${transform.x},${transform.y}) scale(${transform.k})`);
    const element = canvasRef.current;
    if (!element || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const context = element.getContext('2d');
      if (context && scene.current) drawGraph(context, scene.current, latest.current, element.clientWidth, element.clientHeight, window.devicePixelRatio || 1);
    });
  }, []);

  const onClick = useCallback((point: { x: number; y: number }) => {
    if (!scene.current) return;
    const id = nodeAt(scene.current.graph, scene.current.layout, point);
    const node = id ? scene.current.graph.nodes.find((n) => n.id === id) : undefined;
    if (node?.kind === 'fold' && node.retrievalId) onExpand(node.retrievalId);
    else onSelect(id);
  }, [onExpand, onSelect]);

  const viewport = useViewport(container, apply, onClick);
  const fitted = useRef<string | null>(null);

  useLayoutEffect(() => {
    scene.current = shown && layout ? { graph: shown, layout, selectedId, path } : null;
    if (!layout) return;
    if (fitted.current !== sceneKey) {
      fitted.current = sceneKey;
      viewport.start(layout.width, layout.height);
    } else viewport.refresh();
  }, [shown, layout, sceneKey, viewport, canvas, path, selectedId]);

  useEffect(() => {
    const element = canvasRef.current;
    if (!element) return;
    const resize = new ResizeObserver(() => {
      const ratio = window.devicePixelRatio || 1;
      element.width = element.clientWidth * ratio;
      element.height = element.clientHeight * ratio;
      viewport.refresh();
    });
    resize.observe(element);
    return () => resize.disconnect();
  }, [canvas, viewport]);

  // a new selection (from the timeline, a table, a link) is brought into view once; a re-layout
  // (a fold opened) keeps the view where the user put it
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    const box = selectedId && layout?.nodes[selectedId];
    if (!box || revealed.current === selectedId) return;
    revealed.current = selectedId;
    viewport.reveal(box.x + box.width / 2, box.y + box.height / 2);
  }, [selectedId, layout, viewport]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = (event.target as Element).closest?.('[data-node-id]');
    if (event.key === 'Enter' && target) onClick(centerOf(target.getAttribute('data-node-id')!));
    else if (event.key === '+' || event.key === '=') viewport.zoomBy(1.25);
    else if (event.key === '-') viewport.zoomBy(0.8);
    else if (event.key === '0' && layout) viewport.fit(layout.width, layout.height);
    else if (event.key === 'Escape') onSelect(null);
    else return;
    event.preventDefault();
  };
  const centerOf = (id: string) => {
    const box = layout!.nodes[id];
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  return (
    <section className="lg" aria-label={label}>
      <div className="lg-toolbar">
        <button type="button" className="button subtle" onClick={() => layout && viewport.fit(layout.width, layout.height)} title="Fit the graph (0)">Fit</button>
        <button type="button" className="button subtle" onClick={() => viewport.zoomBy(0.8)} aria-label="Zoom out" title="Zoom out (−)">−</button>
        <button type="button" className="button subtle" onClick={() => viewport.zoomBy(1.25)} aria-label="Zoom in" title="Zoom in (+)">+</button>
        <span className="lg-stats text-soft" data-testid="graph-stats">
          {shown ? `${formatCount(shown.nodes.length)} nodes · ${formatCount(shown.edges.length)} edges` : ''}
          {canvas ? ` · drawn on canvas (over ${formatCount(SVG_NODE_LIMIT)} nodes); text appears when zoomed in` : shown ? ' · SVG' : ''}
          {ms !== null && !pending ? ` · laid out in ${formatCount(Math.round(ms))} ms` : ''}
        </span>
        {pending && <span className="lg-pending" role="status">Laying out {formatCount(graph.nodes.length)} nodes…</span>}
        <GraphLegend />
      </div>
      {error && <div className="query-error" role="alert">The graph could not be laid out: {error}</div>}
      <div ref={container} className="lg-viewport" tabIndex={0} onKeyDown={onKeyDown} data-renderer={canvas ? 'canvas' : 'svg'}>
        {shown && layout && (canvas
          ? <canvas ref={canvasRef} className="lg-canvas" role="img" aria-label={`${label}: ${shown.nodes.length} nodes drawn on a canvas`} />
          : <SvgGraph graph={shown} layout={layout} selectedId={selectedId} path={path} sceneRef={sceneRef} />)}
        {!layout && !error && <div className="empty-state">Laying out the graph…</div>}
      </div>
    </section>
  );
}
