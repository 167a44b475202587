import { useRef } from 'react';
import { MIN_COLUMN_WIDTH } from './column-widths';

const KEY_STEP = 16;

/** The right edge of a column header: drag it to resize the column (from the keyboard: Shift+← → on the header, SessionTable); a double-click goes back to the content's width. Not a Tab stop: the table is one. */
export function ColumnResizeHandle({ label, width, onResize, onReset }: {
  label: string;
  width: number;
  onResize(width: number): void;
  onReset(): void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div role="separator" aria-orientation="vertical" aria-label={`Resize the ${label} column`} tabIndex={-1}
      aria-valuenow={width} aria-valuemin={MIN_COLUMN_WIDTH} className="column-resize" title="Drag to resize; double-click to fit the content"
      onPointerDown={(event) => {
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width };
      }}
      onPointerMove={(event) => {
        if (drag.current) onResize(drag.current.width + event.clientX - drag.current.x);
      }}
      onPointerUp={() => { drag.current = null; }}
      onPointerCancel={() => { drag.current = null; }}
      onDoubleClick={onReset}
      onKeyDown={(event) => {
        const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
        if (!step) return;
        event.preventDefault();
        onResize(width + step);
      }} />
  );
}
