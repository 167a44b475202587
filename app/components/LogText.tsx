import { useState } from 'react';
import { codePointName, splitControls } from '../lib/control-characters';
import { formatCount } from '../lib/format';

/** Longer text shows its start and a button for the rest. */
const SHOWN_CHARS = 600;

/**
 * Text from a log (ids, file names, queries, prompts, comments), shown as text: isolated from
 * what is around it (`<bdi>`), every hidden control (bidi overrides, C0/C1) named visibly instead
 * of acting, long words wrapped, and text beyond `shown` characters cut with the rest one click away.
 */
export function LogText({ text, shown = SHOWN_CHARS, more = true, className, empty = '—' }: {
  /** null or undefined (a field the row does not have) shows `empty`, never throws. */
  text: string | null | undefined;
  shown?: number;
  /** false: a cut text ends in "…" without the button (a one-line cell whose tooltip holds it all). */
  more?: boolean;
  className?: string;
  /** What stands for a missing text. */
  empty?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  if (text === null || text === undefined) return <span className={className ? `text-soft ${className}` : 'text-soft'}>{empty}</span>;
  const cut = !expanded && text.length > shown;
  const visible = cut ? `${text.slice(0, shown)}${more ? '' : '…'}` : text;
  return (
    <bdi className={className ? `log-text ${className}` : 'log-text'}>
      {splitControls(visible).map((part, i) =>
        part.control ? <span key={i} className="log-text-control" title={`hidden control character ${codePointName(part.text)}`}>{codePointName(part.text)}</span> : part.text,
      )}
      {more && text.length > shown && (
        <button type="button" className="button subtle small log-text-more" aria-expanded={expanded} onClick={(event) => { event.stopPropagation(); setExpanded(!expanded); }}>
          {expanded ? 'show less' : `… show all ${formatCount(text.length)} characters`}
        </button>
      )}
    </bdi>
  );
}
