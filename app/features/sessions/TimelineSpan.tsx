import { memo } from 'react';
import { formatDuration } from '../../lib/format';
import { spanDurationMs, type SessionSpan } from '../../model/session/unmapped-spans';

const prettyAttributes = (attributes: string) => {
  try {
    return JSON.stringify(JSON.parse(attributes), null, 2);
  } catch {
    return attributes;
  }
};

/** An OpenTelemetry span no event covers (an LLM call, a tool, a chain): kind, name, duration, status; its attributes on demand. */
export const TimelineSpan = memo(function TimelineSpan({ span }: { span: SessionSpan }) {
  const time = new Date(span.ts).toISOString().slice(11, 23);
  return (
    <li className="event event-span" data-span-id={span.span_id}>
      <div className="event-head">
        <span className="event-time mono">{time}</span>
        <span className="event-type type-span" title="An OpenTelemetry span no event type covers">{span.kind}</span>
        <span className="event-text">{span.name}</span>
        <span className="span-duration text-soft">{formatDuration(spanDurationMs(span))}</span>
        {span.status && <span className={`span-status${span.status === 'ERROR' ? ' text-bad' : ' text-soft'}`}>{span.status}</span>}
      </div>
      <details className="event-raw-toggle">
        <summary title="The span's attributes, ids, file and line">attributes</summary>
        <div className="raw-source text-soft">
          {span.file ?? `file ${span.file_id}`}, line {span.line} · trace <span className="mono">{span.trace_id}</span> · span <span className="mono">{span.span_id}</span>
          {span.parent_span_id && <> · parent <span className="mono">{span.parent_span_id}</span></>}
        </div>
        <pre className="raw">{prettyAttributes(span.attributes)}</pre>
      </details>
    </li>
  );
});
