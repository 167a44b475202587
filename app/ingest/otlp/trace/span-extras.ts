import type { Attributes } from '../any-value';

/** Attributes a retrieval event keeps as extra fields (docs/log-format.md, "Kept, searchable"), by field name. */
const KEPT_NUMBERS = {
  llm_token_count_prompt: 'llm.token_count.prompt',
  llm_token_count_completion: 'llm.token_count.completion',
  llm_token_count_total: 'llm.token_count.total',
} as const;

function tagList(value: unknown): string[] | undefined {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [value];
    }
  }
  if (!Array.isArray(list)) return undefined;
  const tags = list.filter((tag): tag is string => typeof tag === 'string');
  return tags.length > 0 ? tags : undefined;
}

/**
 * `metadata` as given (a JSON string in OpenInference; a structured map as its JSON text, so that
 * it stays one searchable string), `tags` from `tag.tags`, `llm_model_name`, token counts.
 */
export function keptSpanFields(attributes: Attributes): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const metadata = attributes.metadata;
  if (typeof metadata === 'string' && metadata !== '') fields.metadata = metadata;
  else if (typeof metadata === 'object' && metadata !== null) fields.metadata = JSON.stringify(metadata);
  const tags = tagList(attributes['tag.tags']);
  if (tags !== undefined) fields.tags = tags;
  const model = attributes['llm.model_name'];
  if (typeof model === 'string' && model !== '') fields.llm_model_name = model;
  for (const [field, key] of Object.entries(KEPT_NUMBERS)) {
    const count = attributes[key];
    if (typeof count === 'number' && Number.isFinite(count)) fields[field] = count;
  }
  return fields;
}
