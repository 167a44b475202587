import type { TimelineMark } from '../../model/lineage/timeline-marks';

/** The flags of one event; hovering one shows the rule that raised it. */
export function MarkList({ marks }: { marks: readonly TimelineMark[] }) {
  if (marks.length === 0) return null;
  return (
    <ul className="marks" aria-label="Marks">
      {marks.map((mark) => (
        <li key={mark.label} className={`mark tone-${mark.tone}`} title={mark.detail} data-mark={mark.kind}>{mark.label}</li>
      ))}
    </ul>
  );
}
