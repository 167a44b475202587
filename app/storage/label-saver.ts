import type { GivenLabel } from '../schema/given-label';
import type { LabelJournal } from './label-journal';
import { pendingLabels } from './pending-labels';
import { errorMessage } from '../lib/error-message';

export interface LabelSaveState {
  /** Labels given here whose journal write failed: kept in memory, written again every few seconds. */
  unsaved: readonly GivenLabel[];
  /** Why the last write failed, in plain words; null when every label is saved. */
  problem: string | null;
}

const RETRY_MS = 5000;

/** The browser's reason for refusing a write, as the user would put it. */
export function storageProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError') return "This browser's storage for this page is full, so the label could not be saved.";
  const message = errorMessage(error);
  return `This browser refused to save the label (${message || name || 'no reason given'}).`;
}

/**
 * Writes each label to the journal with a write-ahead copy (pending-labels.ts). A label whose write
 * fails — the storage quota is reached, the disk is full — is not dropped: it stays in memory
 * (`unsaved`), still counts on screen, and is written again every few seconds until the browser
 * takes it. Labels saved before are not touched by a failed write.
 */
export class LabelSaver {
  private readonly unsaved = new Map<string, GivenLabel>();
  private problem: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly journal: () => Promise<LabelJournal>,
    private readonly onState: (state: LabelSaveState) => void,
  ) {}

  get state(): LabelSaveState {
    return { unsaved: [...this.unsaved.values()], problem: this.problem };
  }

  /** True when the label reached the journal; false when it is kept in memory for a retry. */
  async save(label: GivenLabel): Promise<boolean> {
    pendingLabels.add(label);
    if (this.unsaved.size > 0) {
      // Keep the order: an earlier label still waiting is written first.
      this.unsaved.set(label.event_id, label);
      await this.retry();
      return !this.unsaved.has(label.event_id);
    }
    try {
      await (await this.journal()).add(label);
      pendingLabels.remove([label.event_id]);
      return true;
    } catch (error) {
      this.unsaved.set(label.event_id, label);
      this.fail(error);
      return false;
    }
  }

  /** Forgets labels taken back before they were saved. */
  forget(eventIds: readonly string[]): void {
    const before = this.unsaved.size;
    for (const id of eventIds) this.unsaved.delete(id);
    if (this.unsaved.size === before) return;
    if (this.unsaved.size === 0) {
      this.problem = null;
      this.clearTimer();
    }
    this.onState(this.state);
  }

  /** Writes the waiting labels, oldest first, until one fails again. */
  async retry(): Promise<void> {
    this.clearTimer();
    for (const label of [...this.unsaved.values()]) {
      try {
        await (await this.journal()).add(label);
      } catch (error) {
        this.fail(error);
        return;
      }
      this.unsaved.delete(label.event_id);
      pendingLabels.remove([label.event_id]);
    }
    this.problem = null;
    this.onState(this.state);
  }

  private fail(error: unknown): void {
    this.problem = storageProblem(error);
    this.onState(this.state);
    this.clearTimer();
    this.timer = setTimeout(() => void this.retry(), RETRY_MS);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The journal's labels plus those still waiting to be saved (not in it yet), in label order. */
export function mergeUnsaved(journal: readonly GivenLabel[], unsaved: readonly GivenLabel[]): GivenLabel[] {
  const saved = new Set(journal.map((label) => label.event_id));
  const waiting = unsaved.filter((label) => !saved.has(label.event_id));
  if (waiting.length === 0) return [...journal];
  return [...journal, ...waiting].sort((a, b) => a.ts - b.ts || (a.event_id < b.event_id ? -1 : 1));
}
