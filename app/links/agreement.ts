import { LABEL_KINDS } from '../schema/given-label';
import { choice, flag, text } from './param';
import { screenUrl } from './screen-url';

/**
 * Agreement: the label kind, the annotator pair whose confusion is shown (`pair`: the report's
 * pair key, both names sorted and joined by `|`), the disagreement list's "unresolved only"
 * filter, the item open for adjudication, and the judge (a non-human annotator) whose confusion
 * with the human consensus and disagreements are shown.
 *
 * `item` is the agreement item key of model/annotation/item-key.ts (`itemKey`), which is what a
 * screen already holds: answer_review → the response's `event_id`; role → the `retrieval_id`;
 * intent → the `turn_id`; relevance → `itemKey({ kind: 'relevance', retrieval_id, asset_id })`
 * (`retrieval|<retrieval_id>|<asset_id>`), or the `query|…` form for a label given by query.
 */
export const agreementUrl = screenUrl('agreement', {
  kind: choice('kind', LABEL_KINDS, 'relevance'),
  pair: text('pair'),
  unresolved: flag('unresolved'),
  item: text('item'),
  judge: text('judge'),
});

export type AgreementView = ReturnType<typeof agreementUrl.read>;
