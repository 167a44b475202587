import { useEffect, useRef } from 'react';

export interface Shortcut {
  keys: readonly string[];
  does: string;
}

/** The `?` dialog of a keyboard-first screen: every key and what it does, closed by Esc or a click outside. */
export function ShortcutsDialog({ shortcuts, note, onClose }: { shortcuts: readonly Shortcut[]; note: string; onClose(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div className="shortcuts-backdrop" onClick={onClose}>
      <div className="panel shortcuts-dialog" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" tabIndex={-1} ref={dialog}
        onClick={(event) => event.stopPropagation()}>
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <table className="data">
          <tbody>
            {shortcuts.map((shortcut) => (
              <tr key={shortcut.does}>
                <td className="shortcuts-keys">{shortcut.keys.map((key) => <kbd key={key}>{key}</kbd>)}</td>
                <td>{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-soft">{note}</p>
        <div className="actions"><button type="button" className="button" onClick={onClose}>Close <kbd>Esc</kbd></button></div>
      </div>
    </div>
  );
}
