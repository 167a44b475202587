import { formatCount, pluralize } from '../../lib/format';

/**
 * What the status line says of the labels given in this browser once logs are loaded: how many
 * apply to these logs (their items are here), how many of those a loaded file holds too (their
 * export loaded back: counted once), and how many belong to other logs (kept in the journal, not
 * applied). Null when no label was given here.
 */
export function givenLabelsText(applied: number, otherLogs: number, inLoadedFiles = 0): string | null {
  const text = appliedText(applied, otherLogs);
  if (text === null || inLoadedFiles === 0) return text;
  const verb = inLoadedFiles === 1 ? 'is' : 'are';
  const which = inLoadedFiles === applied ? (applied === 1 ? 'It is' : 'All of them are')
    : `${formatCount(inLoadedFiles)} of ${otherLogs > 0 ? `the ${formatCount(applied)} that apply` : 'them'} ${verb}`;
  return `${text} ${which} in a loaded file too, and counted once, as the file's.`;
}

function appliedText(applied: number, otherLogs: number): string | null {
  if (applied === 0 && otherLogs === 0) return null;
  if (otherLogs === 0) return `${applied === 1 ? 'The label' : `The ${formatCount(applied)} labels`} you gave here ${applied === 1 ? 'applies' : 'apply'} to these logs.`;
  const elsewhere = `${formatCount(otherLogs)} ${otherLogs === 1 ? 'belongs' : 'belong'} to other logs, kept`;
  if (applied === 0) return `None of your labels apply to these logs; ${pluralize(otherLogs, 'label')} given here ${otherLogs === 1 ? 'belongs' : 'belong'} to other logs, kept.`;
  return `${formatCount(applied)} of your labels ${applied === 1 ? 'applies' : 'apply'} to these logs; ${elsewhere}.`;
}
