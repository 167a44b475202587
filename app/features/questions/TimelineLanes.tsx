import { clockUtc } from '../../model/drift/format-time';
import type { RetrievalAssessment } from '../../model/drift/retrieval-flags';
import type { StateSegment, TimelineLane } from '../../model/drift/timeline';
import { fitText, STATUS_COLOURS } from './timeline-style';
import { anchors } from './url';

export interface LaneGeometry {
  top: number;
  height: number;
  gutter: number;
  right: number;
  x: (t: number) => number;
  end: number;
}

const BAR = 14;

function RetrievalMark({ retrieval, x, y, label }: { retrieval: RetrievalAssessment; x: number; y: number; label?: boolean }) {
  const { row } = retrieval;
  const flagged = !retrieval.servesActive || retrieval.driftMentions.length > 0;
  const why = [retrieval.orphanReason && `orphan query: ${retrieval.orphanReason}`, retrieval.driftMentions.length && `entity drift: ${retrieval.driftMentions.map((m) => m.entity).join(', ')}`]
    .filter(Boolean).join('; ');
  return (
    <a href={`#${anchors.retrieval(row.retrieval_id)}`} className="retrieval-mark">
      <title>{`${row.retrieval_id} at ${clockUtc(row.ts)}: “${row.query ?? ''}”${why ? ` — ${why}` : ''}`}</title>
      <rect x={x - 5} y={y - 5} width={10} height={10} transform={`rotate(45 ${x} ${y})`} className={`mark${flagged ? ' flagged' : ''}`} />
      {label && <text x={x} y={y - 11} textAnchor="middle" className="mark-label">{row.retrieval_id}</text>}
    </a>
  );
}

/** What a state says beside its bar: the evidence of a resolution, the reason of a retirement. */
function stateLabel(segment: StateSegment): { text: string; missing: boolean } | null {
  const { state } = segment;
  if (state.status === 'resolved') {
    return state.evidence_ids?.length ? { text: `✓ ${state.evidence_ids.join(', ')}`, missing: false } : { text: `✓ no evidence — “${state.note ?? ''}”`, missing: true };
  }
  if (state.status === 'retired') return state.reason ? { text: `✕ ${state.reason}`, missing: false } : { text: '✕ no reason', missing: true };
  return null;
}

function segmentTitle(segment: StateSegment): string {
  const { state } = segment;
  return [
    `${state.subquestion_id}: ${state.status} from ${clockUtc(segment.start)}`,
    state.note && `note: ${state.note}`,
    state.evidence_ids?.length ? `evidence: ${state.evidence_ids.join(', ')}` : state.status === 'resolved' ? 'no evidence_ids' : null,
    state.status === 'retired' && `reason: ${state.reason ?? '(none)'}`,
  ].filter(Boolean).join('\n');
}

/** Right of the state change when it fits before the next one, else ending at that limit and reaching left. */
function StateLabel({ text, missing, x, limit, gutter, y }: { text: string; missing: boolean; x: number; limit: number; gutter: number; y: number }) {
  const className = `state-label${missing ? ' missing' : ''}`;
  const right = limit - x - 4;
  if (fitText(text, right) === text || right >= limit - gutter - 8) return <text x={x + 2} y={y} className={className}>{fitText(text, right)}</text>;
  return <text x={limit - 2} y={y} textAnchor="end" className={className}>{fitText(text, limit - gutter - 8)}</text>;
}

function LaneLabel({ id, text, geometry, className }: { id: string; text: string; geometry: LaneGeometry; className?: string }) {
  const mid = geometry.top + geometry.height / 2;
  return (
    <g className={`lane-label ${className ?? ''}`}>
      <title>{`${id}: ${text}`}</title>
      <text x={10} y={mid - 3} className="lane-id">{id}</text>
      <text x={10} y={mid + 11} className="lane-text">{fitText(text, geometry.gutter - 20)}</text>
    </g>
  );
}

export function SubquestionLane({ lane, geometry, striped }: { lane: TimelineLane; geometry: LaneGeometry; striped: boolean }) {
  const { top, height, x } = geometry;
  const barY = top + height / 2 + 2;
  return (
    <g className="lane" id={`lane-${lane.subquestionId}`}>
      {striped && <rect x={0} y={top} width={geometry.right} height={height} className="lane-stripe" />}
      <LaneLabel id={lane.subquestionId} text={lane.text ?? ''} geometry={geometry} />
      {lane.segments.map((segment, i) => {
        const label = stateLabel(segment);
        const x0 = x(segment.start);
        const limit = i + 1 < lane.segments.length ? x(lane.segments[i + 1].start) : geometry.right;
        return (
          <g key={segment.state.seq}>
            <title>{segmentTitle(segment)}</title>
            <rect x={x0} y={barY - BAR / 2} width={Math.max(x(segment.end) - x0, 2)} height={BAR} rx={2} fill={STATUS_COLOURS[segment.status]} />
            {label && <StateLabel text={label.text} missing={label.missing} x={x0} limit={limit} gutter={geometry.gutter} y={barY - BAR / 2 - 4} />}
          </g>
        );
      })}
      {lane.retrievals.map((r) => <RetrievalMark key={r.row.retrieval_id} retrieval={r} x={x(r.row.ts)} y={barY} />)}
    </g>
  );
}

export function UnassignedLane({ retrievals, geometry }: { retrievals: RetrievalAssessment[]; geometry: LaneGeometry }) {
  const { top, height, x } = geometry;
  const y = top + height / 2 + 4;
  return (
    <g className="lane unassigned" id="lane-unassigned">
      <rect x={0} y={top} width={geometry.right} height={height} className="lane-stripe unassigned" />
      <LaneLabel id="unassigned" text="served no active sub-question" geometry={geometry} className="unassigned" />
      <line x1={geometry.gutter} x2={geometry.right} y1={y} y2={y} className="unassigned-rule" />
      {retrievals.map((r) => <RetrievalMark key={r.row.retrieval_id} retrieval={r} x={x(r.row.ts)} y={y} label />)}
    </g>
  );
}
