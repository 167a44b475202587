import { HUMAN_LABELS, LIST_FILTERS, tier1BadCondition, type ListFilter, type MetricSettings } from '../../model/metrics/settings';

export const ROLE_ORDER = ['find', 'browse', 'operate', 'reference', 'step', 'contextual', 'unknown'];

/** Roles in the order of the paper, then any other role the logs use. */
export function orderedRoles(roles: string[]): string[] {
  return [...ROLE_ORDER.filter((role) => roles.includes(role)), ...roles.filter((role) => !ROLE_ORDER.includes(role)).sort()];
}

/** Each list filter as the caption names it. */
const FILTER_NAMES: [ListFilter, string][] = [
  ['surfaces', 'surface'],
  ['roles', 'role'],
  ['retrievers', 'retriever'],
  ['runIds', 'run'],
  ['categories', 'category'],
];

/** Whether the numbers cover only part of the data (a filter is set): the report download then says so. */
export const hasScreenFilters = (settings: MetricSettings) =>
  LIST_FILTERS.some((list) => (settings[list]?.length ?? 0) > 0) || settings.from !== undefined || settings.to !== undefined;

/** The settings behind the numbers, printed once above the panels: a number without its definition cannot be compared. */
export function settingsCaption(settings: MetricSettings): string {
  const parts = [`K = ${settings.k}`, `Tier 1 bad: ${tier1BadCondition(settings)}`, `used: ${settings.usedActions.join(', ')}`];
  for (const [list, name] of FILTER_NAMES) {
    const values = settings[list];
    if (values?.length) parts.push(`${name}: ${values.join(', ')}`);
  }
  if (settings.from !== undefined) parts.push(`from ${new Date(settings.from).toISOString().slice(0, 10)}`);
  if (settings.to !== undefined) parts.push(`to ${new Date(settings.to).toISOString().slice(0, 10)} (exclusive)`);
  if (settings.labels !== undefined) parts.push(`relevance labels: ${settings.labels === HUMAN_LABELS ? 'human only' : `${settings.labels}'s only`}`);
  return parts.join(' · ');
}
