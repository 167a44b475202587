import { ShortcutsDialog } from '../../components/ShortcutsDialog';
import type { QueueKind } from '../../model/annotation/queue';
import { queueShortcuts } from './shortcuts';

/** The `?` overlay: every key of the queue (shortcuts.ts). */
export function ShortcutsOverlay({ kind, onClose }: { kind: QueueKind; onClose(): void }) {
  return <ShortcutsDialog shortcuts={queueShortcuts(kind)} onClose={onClose}
    note="Every label is saved the moment you give it. No key but Ctrl/⌘ Enter and Esc works while you type in a field." />;
}
