import { memo, type RefObject } from 'react';
import type { LineageGraph, LineageNode } from '../../model/lineage/graph';
import type { GraphLayout, PlacedNode } from '../../model/lineage/layout';
import type { LineagePath } from '../../model/lineage/lineage-path';
import { NODE_TEXT, textRows } from '../../model/lineage/node-size';
import { accentOf, EDGE_STYLE, edgePath, HIGHLIGHT, labelPoint, NODE_FILL, nodeTooltip } from './graph-style';
import { fitLabel, nodeFont } from './label-fit';

interface SvgGraphProps {
  graph: LineageGraph;
  layout: GraphLayout;
  selectedId: string | null;
  path: LineagePath | null;
  sceneRef: RefObject<SVGGElement | null>;
}

/** The graph as SVG: crisp, selectable text and real elements to click, for graphs up to a few hundred nodes. */
export const SvgGraph = memo(function SvgGraph({ graph, layout, selectedId, path, sceneRef }: SvgGraphProps) {
  const dimmed = (on: boolean) => (path && !on ? ' dimmed' : '');
  return (
    <svg className="lg-svg" width="100%" height="100%">
      <defs>
        {[['arrow', '#8a93a3'], ['arrow-on', HIGHLIGHT]].map(([id, color]) => (
          <marker key={id} id={`lg-${id}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,1 L9,5 L0,9 z" fill={color} />
          </marker>
        ))}
      </defs>
      <g ref={sceneRef}>
        {graph.edges.map((edge) => {
          const points = layout.edges[edge.id];
          if (!points) return null;
          const on = path?.edges.has(edge.id) ?? false;
          const style = EDGE_STYLE[edge.kind];
          return (
            <path key={edge.id} className={`lg-edge edge-${edge.kind}${dimmed(on)}`} d={edgePath(points)} fill="none"
              stroke={on ? HIGHLIGHT : style.color} strokeWidth={on ? style.width + 1.2 : style.width} strokeDasharray={style.dash.join(' ') || undefined}
              markerEnd={`url(#lg-${on ? 'arrow-on' : 'arrow'})`} />
          );
        })}
        {graph.edges.map((edge) => {
          const points = layout.edges[edge.id];
          if (!points || !edge.label) return null;
          const at = labelPoint(points);
          return (
            <text key={edge.id} className={`lg-edge-label${dimmed(path?.edges.has(edge.id) ?? false)}`} x={at.x} y={at.y} textAnchor="middle" dominantBaseline="central">
              {edge.label}
            </text>
          );
        })}
        {graph.nodes.map((node) => {
          const box = layout.nodes[node.id];
          return box ? <SvgNode key={node.id} node={node} box={box} selected={node.id === selectedId} dim={!!path && !path.nodes.has(node.id)} /> : null;
        })}
      </g>
    </svg>
  );
});

function SvgNode({ node, box, selected, dim }: { node: LineageNode; box: PlacedNode; selected: boolean; dim: boolean }) {
  const inner = box.width - NODE_TEXT.padX - 8;
  const rows = textRows(node.kind, node.badges.length > 0);
  const badges = node.badges.join(' · ');
  return (
    <g className={`lg-node kind-${node.kind} tone-${node.tone}${node.external ? ' external' : ''}${selected ? ' selected' : ''}${dim ? ' dimmed' : ''}`}
      transform={`translate(${box.x},${box.y})`} data-node-id={node.id} role="button" tabIndex={0}
      aria-label={`${node.kind}: ${node.title} — ${node.subtitle}${badges ? ` — ${badges}` : ''}`} aria-pressed={selected}>
      <rect className="lg-box" width={box.width} height={box.height} rx={7} fill={NODE_FILL[node.kind]} />
      <rect className="lg-bar" x={0} y={0} width={4} height={box.height} rx={2} fill={accentOf(node)} />
      <text className="lg-title" x={NODE_TEXT.padX} y={rows.title}>{fitLabel(node.title, inner, nodeFont(NODE_TEXT.titlePx, true))}</text>
      <text className="lg-subtitle" x={NODE_TEXT.padX} y={rows.subtitle}>{fitLabel(node.subtitle, inner, nodeFont(NODE_TEXT.subtitlePx))}</text>
      {badges && <text className="lg-badges" x={NODE_TEXT.padX} y={NODE_TEXT.badges} fill={accentOf(node)}>{fitLabel(badges, inner, nodeFont(NODE_TEXT.badgePx, true))}</text>}
      <title>{nodeTooltip(node)}</title>
    </g>
  );
}
