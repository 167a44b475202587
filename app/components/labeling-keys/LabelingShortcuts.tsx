import type { LabelKind } from '../../schema/given-label';
import { ShortcutsDialog } from '../ShortcutsDialog';
import { labelingShortcuts, type LabelingScreen } from './shortcuts';

const NOTE: Record<LabelingScreen, string> = {
  annotate: 'Every label is saved the moment you give it. No key but Ctrl/⌘ Enter and Esc works while you type in a field.',
  review: 'A verdict is saved the moment you press its key. No key but Ctrl/⌘ Enter and Esc works while you type in the note.',
  agreement: 'A deciding label is given the moment you press its key, marked adjudicated: it settles the item for the metrics.',
  session: 'Grade, role and intent buttons save a label at once; the same keys undo on Annotate, Review and Agreement.',
};

const WAITING = ' Keys pressed while an item is still loading wait, and are applied in order to the item they were meant for (Esc drops them).';

/** The `?` dialog of a labeling screen: the one shortcuts list (shortcuts.ts). */
export function LabelingShortcuts({ kind, screen, onClose }: { kind: LabelKind | null; screen: LabelingScreen; onClose(): void }) {
  return <ShortcutsDialog shortcuts={labelingShortcuts(kind, screen)} note={screen === 'session' ? NOTE[screen] : NOTE[screen] + WAITING} onClose={onClose} />;
}
