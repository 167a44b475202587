import { formatCount, pluralize } from '../../lib/format';
import type { QueuePick, QueueProgress } from '../../model/annotation/queue';

const EMPTY: Record<QueuePick, string> = {
  unlabeled: 'Every item is labeled: no item of this kind is without a label.',
  disagreement: 'No disagreement: no item has two annotators whose latest labels differ.',
  single: 'No item waits for a second opinion: none is labeled by exactly one annotator other than you.',
  sample: 'The sample is empty: there is no item of this kind.',
};

/** The end of the queue: an empty queue, every item labeled, or items still open further up. */
export function QueueEnd({ pick, progress, firstOpen, onOpen, onUndo, problem }: {
  pick: QueuePick; progress: QueueProgress; firstOpen: string | null; onOpen(id: string): void; onUndo: (() => void) | null; problem: string | null;
}) {
  const [title, text] = progress.total === 0
    ? ['This queue is empty', EMPTY[pick]]
    : firstOpen === null
      ? ['Every item is labeled', progress.total === 1 ? 'You have labeled the one item of this queue.' : `You have labeled all ${formatCount(progress.total)} items of this queue.`]
      : ['End of the list', `${pluralize(progress.total - progress.done, 'item')} of ${formatCount(progress.total)} ${progress.total - progress.done === 1 ? 'is' : 'are'} still without your label.`];
  return (
    <div className="panel empty-state annotate-end" data-testid="annotate.end">
      <h2>{title}</h2>
      <p>{text}</p>
      <div className="actions">
        {firstOpen && <button type="button" className="button primary" onClick={() => onOpen(firstOpen)}>Go to the first open item</button>}
        {onUndo && <button type="button" className="button" onClick={onUndo}>Undo the last label <kbd>z</kbd></button>}
      </div>
      {problem && <p className="text-bad" role="alert">{problem}</p>}
      <p className="text-soft">Pick another queue above, or <kbd>k</kbd> to go back through this one.</p>
    </div>
  );
}
