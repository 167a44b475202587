/** What the two annotator counts mean, said the same way wherever they are shown. */
export const LABELS_GIVEN_TEXT = 'labels given: every vote, superseded ones and adjudications included';
export const ITEMS_LABELED_TEXT = 'items labeled: distinct items voted on (for relevance, an asset under a retrieval or query), adjudications aside';
