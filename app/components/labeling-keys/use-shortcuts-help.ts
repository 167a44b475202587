import { useState } from 'react';
import type { LabelingHandlers } from './use-labeling-keys';

/** The keyboard-shortcuts sheet: open or not, and the two keys that drive it (? toggles it, Esc closes it). */
export function useShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const keys: Pick<LabelingHandlers, 'help' | 'escape'> = {
    help: () => setOpen((shown) => !shown),
    escape: () => {
      if (!open) return false;
      setOpen(false);
      return true;
    },
  };
  return { open, show: () => setOpen(true), close: () => setOpen(false), keys };
}
