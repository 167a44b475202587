import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { formatCount, pluralize } from '../../lib/format';
import { nodeId, type LineageGraph } from '../../model/lineage/graph';
import type { GraphLayout } from '../../model/lineage/layout';
import { lineagePath } from '../../model/lineage/lineage-path';
import { drawGraph, nodeAt, type CanvasScene } from './draw-canvas';
import { GraphLegend } from './GraphLegend';
import { nodeTooltip } from './graph-style';
import { SvgGraph } from './SvgGraph';
import { useGraphLayout } from './use-graph-layout';
import { useViewport, type Transform } from './use-viewport';
import { textShown, toGraph } from './viewport-math';
import { ZoomControls } from './ZoomControls';
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
  const sizer = useRef<HTMLDivElement>(null);
  const { layout, graph: shown, pending, ms, error } = useGraphLayout(graph, container);
  const sceneRef = useRef<SVGGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const canvas = (shown?.nodes.length ?? 0) > SVG_NODE_LIMIT;
  const path = useMemo(() => (shown && selectedId && shown.nodes.some((n) => n.id === selectedId) ? lineagePath(shown, selectedId) : null), [shown, selectedId]);
  const scene = useRef<CanvasScene | null>(null);
  const frame = useRef(0);
  const latest = useRef<Transform>({ x: 0, y: 0, k: 1 });

  /** SVG: one attribute change per zoom (it scrolls natively); canvas: at most one redraw per animation frame. */
  const apply = useCallback((screen: Transform, content: Transform) => {
    latest.current = screen;
    const group = sceneRef.current;
    group?.setAttribute('transform', `translate(${content.x},${content.y}) scale(${content.k})`);
    group?.ownerSVGElement?.classList.toggle('lg-far', !textShown(content.k));
    const element = canvasRef.current;
    if (!element || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const context = element.getContext('2d');
      if (context && scene.current) drawGraph(context, scene.current, latest.current, element.clientWidth, element.clientHeight, window.devicePixelRatio || 1);
    });
  }, []);

  /** The retrieval whose fold was just opened: its node holds still while the graph grows around it. */
  const opened = useRef<string | null>(null);
  const onClick = useCallback((point: { x: number; y: number }) => {
    if (!scene.current) return;
    const id = nodeAt(scene.current.graph, scene.current.layout, point);
    const node = id ? scene.current.graph.nodes.find((n) => n.id === id) : undefined;
    if (node?.kind === 'fold' && node.retrievalId) {
      opened.current = nodeId.retrieval(node.retrievalId);
      onExpand(node.retrievalId);
    } else onSelect(id);
  }, [onExpand, onSelect]);

  const viewport = useViewport(container, sizer, apply, onClick);
  const drawn = useRef<{ sceneKey: string; layout: GraphLayout } | null>(null);

  useLayoutEffect(() => {
    scene.current = shown && layout ? { graph: shown, layout, selectedId, path } : null;
    if (!layout) return;
    const before = drawn.current;
    const view = viewport.transform;
    drawn.current = { sceneKey, layout };
    viewport.setGraph(layout);
    if (before?.layout === layout) viewport.refresh();
    else if (before?.sceneKey !== sceneKey || (viewport.fitted && !selectedId && !opened.current)) viewport.fit();
    else viewport.relayout(before.layout, layout, [opened.current, selectedId], view);
    opened.current = null;
  }, [shown, layout, sceneKey, viewport, canvas, path, selectedId]);

  useEffect(() => {
    const element = canvasRef.current;
    const area = container.current;
    if (!element || !area) return;
    // the canvas stays put over the scrolling area (sticky), as big as its visible part
    const resize = new ResizeObserver(() => {
      const ratio = window.devicePixelRatio || 1;
      element.style.width = `${area.clientWidth}px`;
      element.style.height = `${area.clientHeight}px`;
      element.width = area.clientWidth * ratio;
      element.height = area.clientHeight * ratio;
      viewport.refresh();
    });
    resize.observe(area);
    // a canvas has no element per node: its tooltip follows the pointer
    const hover = (event: PointerEvent) => {
      const box = element.getBoundingClientRect();
      const id = scene.current && nodeAt(scene.current.graph, scene.current.layout, toGraph(viewport.transform, { x: event.clientX - box.left, y: event.clientY - box.top }));
      const node = id ? scene.current!.graph.nodes.find((n) => n.id === id) : undefined;
      element.title = node ? nodeTooltip(node) : '';
    };
    element.addEventListener('pointermove', hover);
    return () => {
      resize.disconnect();
      element.removeEventListener('pointermove', hover);
    };
  }, [canvas, viewport]);

  // a new selection (from the timeline, a table, a link) is brought into view once; a re-layout
  // (a fold opened, a re-pack to a new width) keeps the node the user looks at in place instead
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    const box = selectedId && layout?.nodes[selectedId];
    if (!box || revealed.current === selectedId) return;
    revealed.current = selectedId;
    viewport.reveal(box);
  }, [selectedId, layout, viewport]);

  const selectedBox = (selectedId && layout?.nodes[selectedId]) || null;
  const onKeyDown = (event: KeyboardEvent) => {
    const target = (event.target as Element).closest?.('[data-node-id]');
    if (event.key === 'Enter' && target) onClick(centerOf(target.getAttribute('data-node-id')!));
    else if (event.key === '+' || event.key === '=') viewport.zoomBy(1.25, selectedBox);
    else if (event.key === '-') viewport.zoomBy(0.8, selectedBox);
    else if (event.key === '0') viewport.fit();
    else if (event.key === '1') viewport.actualSize(selectedBox);
    else if (event.key === 'Escape') onSelect(null);
    else return; // the arrow keys, Page Up/Down, Home and End scroll, as in any scroll area
    event.preventDefault();
  };
  const centerOf = (id: string) => {
    const box = layout!.nodes[id];
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  return (
    <section className="lg" aria-label={label}>
      <div className="lg-toolbar">
        <ZoomControls viewport={viewport} selected={selectedBox} />
        <span className="lg-stats text-soft" data-testid="graph-stats">
          {shown ? `${pluralize(shown.nodes.length, 'node')} · ${pluralize(shown.edges.length, 'edge')}` : ''}
          {canvas ? ` · drawn on canvas (over ${formatCount(SVG_NODE_LIMIT)} nodes)` : shown ? ' · SVG' : ''}
          {ms !== null && !pending ? ` · laid out in ${formatCount(Math.round(ms))} ms` : ''}
        </span>
        {pending && <span className="lg-pending" role="status">Laying out {formatCount(graph.nodes.length)} nodes…</span>}
        <GraphLegend />
      </div>
      {error && <div className="query-error" role="alert">The graph could not be laid out: {error}</div>}
      <div ref={container} className="lg-viewport" tabIndex={0} onKeyDown={onKeyDown} data-renderer={canvas ? 'canvas' : 'svg'}>
        <div ref={sizer} className="lg-sizer">
          {shown && layout && (canvas
            ? <canvas ref={canvasRef} className="lg-canvas" role="img" aria-label={`${label}: ${shown.nodes.length} nodes drawn on a canvas`} />
            : <SvgGraph graph={shown} layout={layout} selectedId={selectedId} path={path} sceneRef={sceneRef} />)}
        </div>
        {!layout && !error && <div className="empty-state">Laying out the graph…</div>}
      </div>
    </section>
  );
}
