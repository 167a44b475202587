import type { ReplacedLabel } from '../model/annotation/labels-replaced-elsewhere';
import type { GivenLabel, LabelInput, LabelKind } from '../schema/given-label';

export type { GivenLabel, LabelInput, LabelKind };

/** Which labels an export writes. */
export interface LabelExportFilter {
  annotator?: string;
  kind?: LabelKind;
  /** Only labels given in this browser (not those read from files). */
  givenHere?: boolean;
}

/**
 * Labeling in this browser (session/labeling.tsx): who is labeling, giving and taking back
 * labels, and exporting them. A label is saved in the browser's label journal before `give`
 * resolves, so a reload or a crash right after loses nothing; then it is applied to the loaded
 * dataset and every screen's queries re-run (the dataset version changes).
 */
export interface Labeling {
  /** The name labels are given under; null until the user names themself (components/AnnotatorGate). */
  annotator: string | null;
  setAnnotator(name: string): void;
  /** Saves the label under `annotator` (throws when nobody is named), then applies it. */
  give(label: LabelInput): Promise<GivenLabel>;
  /** Takes back a label given in this browser (undo). */
  retract(eventId: string): Promise<void>;
  /** Labels given in this browser, oldest first. */
  given: readonly GivenLabel[];
  /** Every label of the dataset that passes the filter, as JSON Lines `label` events in label order; the labels given here it holds count as exported. */
  exportLabels(filter?: LabelExportFilter): Promise<string>;
  /**
   * Labels given in this tab that a later label of the same annotator on the same item, given in
   * another tab, replaced with another value (the latest counts): shown until dismissed.
   */
  replacedElsewhere: readonly ReplacedLabel[];
  dismissReplaced(): void;
  /**
   * Labels given here that the browser refused to store (its storage is full): kept in memory,
   * counted on screen and written again every few seconds; `saveProblem` says why in plain words.
   */
  unsaved: readonly GivenLabel[];
  saveProblem: string | null;
  retrySaving(): Promise<void>;
  /** Every label given here, saved or waiting, as JSON Lines `label` events (no database needed). */
  givenHereJsonl(): string;
  /** Removes every label given in this browser (after the user confirmed). */
  discardGiven(): Promise<void>;
  /**
   * How many labels given here apply to the loaded logs and are in no export yet: Clear and
   * Replace ask before they go (the labels stay in this browser, but no file holds them).
   */
  unexportedHere(): Promise<number>;
}
