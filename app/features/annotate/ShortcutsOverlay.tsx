import { useEffect, useRef } from 'react';
import type { QueueKind } from '../../model/annotation/queue';
import { queueShortcuts } from './shortcuts';

/** The `?` overlay: every key of the queue (shortcuts.ts). */
export function ShortcutsOverlay({ kind, onClose }: { kind: QueueKind; onClose(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div className="annotate-help-backdrop" onClick={onClose}>
      <div className="panel annotate-help" role="dialog" aria-modal="true" aria-labelledby="annotate-help-title" tabIndex={-1} ref={dialog}
        onClick={(event) => event.stopPropagation()}>
        <h2 id="annotate-help-title">Keyboard shortcuts</h2>
        <table className="data">
          <tbody>
            {queueShortcuts(kind).map((shortcut) => (
              <tr key={shortcut.does}>
                <td className="annotate-help-keys">{shortcut.keys.map((key) => <kbd key={key}>{key}</kbd>)}</td>
                <td>{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-soft">Every label is saved the moment you give it. No key but Ctrl/⌘ Enter and Esc works while you type in a field.</p>
        <div className="actions"><button type="button" className="button" onClick={onClose}>Close <kbd>Esc</kbd></button></div>
      </div>
    </div>
  );
}
