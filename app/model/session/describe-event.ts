import { pluralize } from '../../lib/format';

/** One line that says what an event is, for timelines and lists. */
export function describeEvent(event: Record<string, unknown>): string {
  const s = (name: string) => (event[name] == null ? '' : String(event[name]));
  const list = (name: string) => (Array.isArray(event[name]) ? (event[name] as unknown[]) : null);
  switch (event.type) {
    case 'prompt':
      return `“${s('text')}”${event.rewrite_of ? ` (rephrases ${s('rewrite_of')})` : ''}`;
    case 'route':
      return `routed to ${s('route')}${event.tool ? ` (${s('tool')})` : ''}`;
    case 'retrieval': {
      const returned = list('returned_asset_ids');
      const count = event.error != null ? 'failed' : returned ? (returned.length === 0 ? 'empty result' : pluralize(returned.length, 'result')) : 'no result list';
      return `${event.role ? `[${s('role')}] ` : ''}“${s('query')}” → ${count}${event.rewrite_of ? ` · re-search of ${s('rewrite_of')}` : ''}`;
    }
    case 'action':
      return `${s('actor') || 'someone'} ${s('action')} ${s('consumed_asset_id')}${event.source_retrieval_id ? ` from ${s('source_retrieval_id')}` : ''}`;
    case 'response':
      return s('text') ? `“${s('text').slice(0, 140)}”` : `response${list('cited_asset_ids')?.length ? ` citing ${list('cited_asset_ids')!.join(', ')}` : ''}`;
    case 'gate':
      return `gate: ${s('decision')}${event.reason ? ` (${s('reason')})` : ''}`;
    case 'feedback':
      return `thumbs ${s('rating')}${event.comment ? `: “${s('comment')}”` : ''}`;
    case 'subquestion':
      return `${s('subquestion_id')} → ${s('status')}${event.text ? `: ${s('text')}` : ''}`;
    case 'question':
      return `question ${s('question_id')}: ${s('text')}`;
    case 'asset':
      return `asset ${s('asset_id')}${event.title ? `: ${s('title')}` : ''}`;
    case 'label':
      return `${s('kind')} label${event.annotator ? ` by ${s('annotator')}` : ''}`;
    case 'eval_case':
      return `eval case “${s('query')}”`;
    default:
      return s('type');
  }
}
