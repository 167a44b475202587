/** Previous, next and the shortcuts list, as buttons beside the keys that do the same. */
export function ItemNav({ onStep, onHelp }: { onStep(delta: 1 | -1): void; onHelp(): void }) {
  return (
    <div className="annotate-nav">
      <button type="button" className="button" onClick={() => onStep(-1)} title="Previous item (k, ←)">← <kbd>k</kbd></button>
      <button type="button" className="button" onClick={() => onStep(1)} title="Next item (j, →)"><kbd>j</kbd> →</button>
      <button type="button" className="button subtle" onClick={onHelp} title="Every shortcut (?)"><kbd>?</kbd></button>
    </div>
  );
}
