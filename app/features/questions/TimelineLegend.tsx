import { STATUS_COLOURS, STATUS_ORDER } from './timeline-style';

export function TimelineLegend() {
  return (
    <ul className="timeline-legend" aria-label="Legend">
      {STATUS_ORDER.map((status) => (
        <li key={status}><span className="swatch" style={{ background: STATUS_COLOURS[status] }} />{status}</li>
      ))}
      <li><svg width="12" height="12" aria-hidden><rect x="2" y="2" width="8" height="8" transform="rotate(45 6 6)" className="mark" /></svg>retrieval</li>
      <li><svg width="12" height="12" aria-hidden><rect x="2" y="2" width="8" height="8" transform="rotate(45 6 6)" className="mark flagged" /></svg>flagged retrieval</li>
      <li><span className="answer-swatch" />answer</li>
    </ul>
  );
}
