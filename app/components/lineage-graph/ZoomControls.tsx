import { useLayoutEffect, useRef } from 'react';
import type { PlacedNode } from '../../model/lineage/layout';
import type { Viewport } from './use-viewport';
import { MIN_LABEL_PX } from './viewport-math';

/** Fit, zoom out, the zoom level, zoom in, 100%. The level is written as the view moves, outside React. */
export function ZoomControls({ viewport, selected }: { viewport: Viewport; selected: PlacedNode | null }) {
  const level = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => viewport.subscribe(({ k }) => {
    if (level.current) level.current.textContent = `${Math.round(k * 100)}%`;
  }), [viewport]);
  const about = selected ? 'the selected node' : 'the center';
  return (
    <div className="lg-zoom" role="group" aria-label="Zoom">
      <button type="button" className="button subtle" onClick={() => viewport.fit()}
        title={`Fit the graph (0): all of it, or as much as fits with text at least ${MIN_LABEL_PX} px tall, the rest a scroll away`}>Fit</button>
      <button type="button" className="button subtle" onClick={() => viewport.zoomBy(0.8, selected)} aria-label="Zoom out" title={`Zoom out about ${about} (−)`}>−</button>
      <span ref={level} className="lg-zoom-level" data-testid="graph-zoom" title="Zoom level">100%</span>
      <button type="button" className="button subtle" onClick={() => viewport.zoomBy(1.25, selected)} aria-label="Zoom in" title={`Zoom in about ${about} (+)`}>+</button>
      <button type="button" className="button subtle" onClick={() => viewport.actualSize(selected)} title={`Actual size, about ${about} (1)`}>100%</button>
    </div>
  );
}
