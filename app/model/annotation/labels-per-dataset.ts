import { formatCount, pluralize } from '../../lib/format';

/**
 * What the status line says of the labels given in this browser once logs are loaded: how many
 * apply to these logs (their items are here) and how many belong to other logs (kept in the
 * journal, not applied). Null when no label was given here.
 */
export function givenLabelsText(applied: number, otherLogs: number): string | null {
  if (applied === 0 && otherLogs === 0) return null;
  if (otherLogs === 0) return `${applied === 1 ? 'The label' : `The ${formatCount(applied)} labels`} you gave here ${applied === 1 ? 'applies' : 'apply'} to these logs.`;
  const elsewhere = `${formatCount(otherLogs)} ${otherLogs === 1 ? 'belongs' : 'belong'} to other logs, kept`;
  if (applied === 0) return `None of your labels apply to these logs; ${pluralize(otherLogs, 'label')} given here ${otherLogs === 1 ? 'belongs' : 'belong'} to other logs, kept.`;
  return `${formatCount(applied)} of your labels ${applied === 1 ? 'applies' : 'apply'} to these logs; ${elsewhere}.`;
}
