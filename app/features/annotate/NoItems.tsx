import type { QueueKind } from '../../model/annotation/queue';

const NONE: Record<QueueKind, [string, string]> = {
  relevance: ['No retrieval to grade', 'No retrieval in the loaded logs returned an asset. Load logs with retrieval events and their returned_asset_ids.'],
  role: ['No retrievals', 'The loaded logs hold no retrieval event, so there is no role to label.'],
  intent: ['No turns', 'No prompt in the loaded logs has a turn_id, so there is no turn to label.'],
};

/** The loaded logs hold no item of this kind at all. */
export function NoItems({ kind }: { kind: QueueKind }) {
  const [title, text] = NONE[kind];
  return <div className="panel empty-state" data-testid="annotate.none"><h2>{title}</h2><p>{text}</p></div>;
}
