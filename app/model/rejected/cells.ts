import { GIVEN_LABELS_FILE_ID } from '../../schema/given-label';
import { reasonText } from '../../schema/rejection';

/** Where a rejected row or warning came from, as the Rejected rows screen and its download show it. */
export interface RejectedPlace {
  file_id: number | null;
  file: string | null;
}

/** What the file column shows for labels given in this browser (they have no file). */
export const GIVEN_HERE_FILE = 'labels given in this browser';

/** The file's name; for a warning on a label given here (file_id 0, no file) says so; null when nothing says where. */
export function rejectedFileText({ file_id, file }: RejectedPlace): string | null {
  if (file !== null) return file;
  return file_id === GIVEN_LABELS_FILE_ID ? GIVEN_HERE_FILE : null;
}

/** A reason code in words with the code after it ("missing required field (missing_field)"); null stays null. */
export function rejectedReasonText(reason: string | null): string | null {
  return reason === null ? null : `${reasonText(reason)} (${reason})`;
}
