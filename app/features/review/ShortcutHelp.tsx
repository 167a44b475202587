import { useEffect, useRef } from 'react';
import { SHORTCUTS } from './shortcuts';

/** The `?` list: every key of the review screen (shortcuts.ts). */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div className="review-help-backdrop" onClick={onClose}>
      <div className="panel review-help" role="dialog" aria-modal="true" aria-labelledby="review-help-title" tabIndex={-1} ref={dialog}
        onClick={(event) => event.stopPropagation()}>
        <h2 id="review-help-title">Keyboard shortcuts</h2>
        <table className="data">
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.does}>
                <td className="review-help-keys">{shortcut.keys.map((key) => <kbd key={key}>{key}</kbd>)}</td>
                <td>{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-soft">Keys other than Ctrl/⌘ Enter and Esc do nothing while you type in the note.</p>
        <div className="actions"><button type="button" className="button" onClick={onClose}>Close <kbd>Esc</kbd></button></div>
      </div>
    </div>
  );
}
