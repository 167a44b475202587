import type { ListFilter, MetricSettings } from './settings';

/** A Metrics filter: one of the value lists, or the [from, to) dates. */
export type MetricFilter = ListFilter | 'dates';
export type MetricSection = 'tier0' | 'tier1' | 'tier2' | 'matrix' | 'trends' | 'tier3';

export const FILTER_ORDER: MetricFilter[] = ['surfaces', 'roles', 'retrievers', 'runIds', 'categories', 'dates'];
export const FILTER_LABEL: Record<MetricFilter, string> = {
  surfaces: 'surface', roles: 'role', retrievers: 'retriever', runIds: 'run', categories: 'category', dates: 'dates',
};

export interface SectionFilterScope {
  /** What the section counts, in the words of the caption (`prompts`, `retrievals`). */
  units: string;
  /** The filters that narrow those units. */
  applies: MetricFilter[];
  /** The filters that narrow only part of the section, and how. */
  partly?: { filters: MetricFilter[]; how: string };
  /** The filters that do not narrow the section at all, and why. */
  notApplied?: { filters: MetricFilter[]; why: string };
}

const RETRIEVAL_SECTION: SectionFilterScope = { units: 'retrievals', applies: FILTER_ORDER };

/**
 * Which filters narrow which section, as the section builders' SQL does it (engine/sql/metrics:
 * `settingsFilter` with the columns each section passes). section-filters.test.ts checks each
 * entry against the SQL the builders write.
 * - Tier 0 counts prompts and user edits, which have no role and no retriever.
 * - Tier 1, Tier 2, the matrix and the trends count retrievals: every filter applies.
 * - Tier 3 counts completions by their own surface, run, category and date; role and retriever
 *   act on the retrieval a completion is attributed to, and on the retrievals behind abandonment.
 */
export const SECTION_FILTERS: Record<MetricSection, SectionFilterScope> = {
  tier0: {
    units: 'prompts',
    applies: ['surfaces', 'runIds', 'categories', 'dates'],
    notApplied: { filters: ['roles', 'retrievers'], why: 'prompts have no role or retriever' },
  },
  tier1: RETRIEVAL_SECTION,
  tier2: RETRIEVAL_SECTION,
  matrix: RETRIEVAL_SECTION,
  trends: RETRIEVAL_SECTION,
  tier3: {
    units: 'completions',
    applies: ['surfaces', 'runIds', 'categories', 'dates'],
    partly: { filters: ['roles', 'retrievers'], how: 'only to the retrieval a completion is attributed to, and to abandonment' },
  },
};

/** Whether the settings set a filter (a non-empty list, or a date). */
export function filterIsSet(settings: MetricSettings, filter: MetricFilter): boolean {
  if (filter === 'dates') return settings.from !== undefined || settings.to !== undefined;
  return (settings[filter]?.length ?? 0) > 0;
}

/** A filter's value as the caption shows it (`bm25-v1, dense`; `2026-09-01 – 2026-09-08`). */
export function filterValue(settings: MetricSettings, filter: MetricFilter): string | null {
  if (!filterIsSet(settings, filter)) return null;
  if (filter !== 'dates') return settings[filter]!.join(', ');
  const day = (ms: number | undefined) => (ms === undefined ? '…' : new Date(ms).toISOString().slice(0, 10));
  return `${day(settings.from)} – ${day(settings.to)}`;
}
