import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SessionListRow } from '../../model/session/session-list';
import type { ColumnId, ListColumn } from './session-columns';

const STORAGE_KEY = 'retrieval-inspector.sessions.column-widths';
/** Cell padding, 6 px each side (session-list.css): with 8 the default columns did not fit 1280 px. */
const CELL_CHROME = 12;
/** A header also holds its sort mark: after the label, or in the right padding of a number's header (session-list.css). */
const SORT_MARK = 13;
export const MIN_COLUMN_WIDTH = 36;
/** A header that reads bottom to top is a line of text wide (session-list.css `.vertical`). */
const VERTICAL_HEADER = 16;
/** A snippet or a long id stops here; the rest is in the cell's tooltip. */
const MAX_WIDTH = { match: 460, text: 320 };
/** Per column, only the longest texts (by characters) are measured: a wider text is almost always a longer one. */
const CANDIDATES = 24;

type Widths = Partial<Record<ColumnId, number>>;
type Measure = (text: string, kind: 'cell' | 'mono' | 'header') => number;

/** The longest texts (by characters) of a column, at most CANDIDATES of them, in one pass without sorting. */
function longestTexts(texts: readonly string[]): string[] {
  const most = texts.reduce((max, text) => Math.max(max, text.length), 0);
  const picked = new Set<string>();
  // a proportional font can make a slightly shorter text wider: take those within a few characters
  for (const text of texts) {
    if (text.length === most ? picked.size < 2 * CANDIDATES : text.length >= most - 3 && picked.size < CANDIDATES) picked.add(text);
  }
  return [...picked];
}

/** Where a header may break onto a second line: at spaces and after hyphens, as the browser breaks it. */
export const headerLines = (label: string): string[] => label.split(/ |(?<=-)/).filter(Boolean);

/** Each column as wide as its widest cell or its header, within bounds. */
export function contentWidths(columns: readonly ListColumn[], rows: readonly SessionListRow[], measure: Measure): Record<ColumnId, number> {
  const widths = {} as Record<ColumnId, number>;
  for (const column of columns) {
    const kind = column.mono ? 'mono' : 'cell';
    const cells = Math.max(0, ...longestTexts(rows.map((row) => column.text(row))).map((text) => measure(text, kind))) + CELL_CHROME;
    // a header wraps at a space or after a hyphen ("thumbs-|down", "start|(UTC)"): its widest line counts
    const header = column.vertical ? VERTICAL_HEADER + CELL_CHROME
      : Math.max(...headerLines(column.label).map((line) => measure(line, 'header'))) + CELL_CHROME + (column.numeric ? 0 : SORT_MARK);
    const cap = column.id === 'match' ? MAX_WIDTH.match : MAX_WIDTH.text;
    widths[column.id] = Math.ceil(Math.max(MIN_COLUMN_WIDTH, header, Math.min(cap, cells)));
  }
  return widths;
}

/** Text widths in the fonts the table's cells and headers are drawn in (read from the page's CSS once). */
let pageMeasure: Measure | null = null;
function canvasMeasure(): Measure {
  if (pageMeasure) return pageMeasure;
  const fontOf = (className: string) => {
    const probe = document.createElement('span');
    probe.className = className;
    document.body.append(probe);
    const { font } = getComputedStyle(probe);
    probe.remove();
    return font;
  };
  const fonts = { cell: fontOf(''), mono: fontOf('mono'), header: fontOf('sort-button') };
  const context = document.createElement('canvas').getContext('2d');
  pageMeasure = (text, kind) => {
    if (!context) return text.length * 8;
    context.font = fonts[kind];
    return context.measureText(text).width;
  };
  return pageMeasure;
}

function readStored(): Widths {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Widths) : {};
  } catch {
    return {};
  }
}

/**
 * The width of every column: what the user dragged it to (kept in localStorage), else its
 * content's. `resize` sets one; `reset` goes back to the content width.
 */
export function useColumnWidths(columns: readonly ListColumn[], rows: readonly SessionListRow[]) {
  const [chosen, setChosen] = useState<Widths>(readStored);
  const content = useMemo(() => contentWidths(columns, rows, canvasMeasure()), [columns, rows]);

  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(chosen));
    } catch {
      // storage full or denied: the widths last for this page only
    }
  }, [chosen]);

  const resize = useCallback((id: ColumnId, width: number) => setChosen((old) => ({ ...old, [id]: Math.max(MIN_COLUMN_WIDTH, Math.round(width)) })), []);
  const reset = useCallback((id: ColumnId) => setChosen((old) => {
    const rest = { ...old };
    delete rest[id];
    return rest;
  }), []);
  const widths = columns.map((column) => chosen[column.id] ?? content[column.id]);
  return { widths, resize, reset };
}
