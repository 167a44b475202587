import type { WaitingKeys } from './use-labeling-keys';
import './pending-keys.css';

/** Keys waiting for the item (key-queue.ts), and a key refused because too many wait: never a key dropped unseen. */
export function PendingKeys({ waiting }: { waiting: WaitingKeys }) {
  if (waiting.keys.length === 0 && !waiting.refused) return null;
  return (
    <div className="pending-keys" role="status" data-testid="labeling.pending-keys" data-keys={waiting.keys.join(' ')}>
      {waiting.keys.length > 0 && (
        <span>Waiting for the item: {waiting.keys.map((key, i) => <kbd key={i}>{key}</kbd>)} <span className="text-soft">applied in order · Esc drops them</span></span>
      )}
      {waiting.refused && <span className="text-bad"> Not taken: <kbd>{waiting.refused}</kbd> — too many keys already wait.</span>}
    </div>
  );
}
