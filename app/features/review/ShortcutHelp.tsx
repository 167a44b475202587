import { ShortcutsDialog } from '../../components/ShortcutsDialog';
import { SHORTCUTS } from './shortcuts';

/** The `?` list: every key of the review screen (shortcuts.ts). */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  return <ShortcutsDialog shortcuts={SHORTCUTS} onClose={onClose} note="Keys other than Ctrl/⌘ Enter and Esc do nothing while you type in the note." />;
}
