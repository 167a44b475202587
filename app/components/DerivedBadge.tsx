import { derivedMark } from '../model/lineage/derived';
import './derived-badge.css';

/**
 * "derived · context match" on an action the import derived instead of reading it from the log
 * (model/lineage/derived.ts); nothing for a logged action. Hovering says which rule derived it.
 */
export function DerivedBadge({ derived }: { derived: string | null | undefined }) {
  const mark = derivedMark(derived);
  if (!mark) return null;
  return <span className="derived-badge" title={mark.detail} data-testid="action.derived">{mark.label}</span>;
}
