import { ACTION_RULES } from '../../model/metrics/action-rules';
import { EDGE_STYLE, HIGHLIGHT, KIND_ACCENT, TONE_COLOR } from './graph-style';
import { MIN_LABEL_PX } from './viewport-math';

const NODES: [string, string][] = [
  ['retrieval', KIND_ACCENT.retrieval],
  ['returned asset', KIND_ACCENT.asset],
  ['user action', KIND_ACCENT.action],
  ['agent action', '#6b3fc4'],
  [`completion (${ACTION_RULES.completion.actions.join(', ')})`, KIND_ACCENT.completion],
  ['failure signal', TONE_COLOR.bad!],
  ['ORF signal', TONE_COLOR.warn!],
];

const EDGES: [string, keyof typeof EDGE_STYLE][] = [
  ['returned, with its rank', 'returned'],
  ['acted on, with the actor', 'consumed'],
  ['inherited lineage (through a place)', 'inherited'],
  ['re-search (rewrite_of)', 're_search'],
  ['agent bypass', 'bypass'],
];

export function GraphLegend() {
  return (
    <details className="lg-legend">
      <summary>Legend</summary>
      <div className="lg-legend-body">
        <ul>
          {NODES.map(([label, color]) => (
            <li key={label}><span className="lg-swatch" style={{ background: color }} />{label}</li>
          ))}
        </ul>
        <ul>
          {EDGES.map(([label, kind]) => (
            <li key={label}>
              <svg width="34" height="10" aria-hidden>
                <line x1="1" y1="5" x2="33" y2="5" stroke={EDGE_STYLE[kind].color} strokeWidth={2} strokeDasharray={EDGE_STYLE[kind].dash.join(' ') || undefined} />
              </svg>
              {label}
            </li>
          ))}
          <li><span className="lg-swatch" style={{ background: HIGHLIGHT }} />selected node's lineage</li>
        </ul>
        <p className="text-soft">
          The wheel (or a pinch) zooms about the pointer, <kbd>+</kbd> and <kbd>−</kbd> about the selected node. Drag, the scrollbars,
          shift+wheel or the arrow keys move the view. <kbd>0</kbd> fits, down to text {MIN_LABEL_PX} px tall (below that the graph shows no text): a bigger graph
          scrolls. <kbd>1</kbd> is 100%. Click a node for its raw events; “+N not used” opens the rest of a list.
        </p>
        <p className="text-soft">
          “derived · context match” on an action node: an agent use the trace import derived (the document was in an LLM call’s input),
          not a logged action.
        </p>
      </div>
    </details>
  );
}
