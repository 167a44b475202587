import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SessionEvent, WhatIfLists } from '../../model/lineage/timeline';
import { parsePipeline, pipelineText, type Pipeline } from '../../model/what-if/pipeline';
import { useDataset } from '../../session/dataset';
import { whatIfListsOptions } from '../../queries/what-if';

/** The session view's what-if when the URL names none. */
export const SESSION_WHAT_IF: Pipeline = { kind: 'rrf', k: 60 };

/** The URL's what-if pipeline (else `SESSION_WHAT_IF`), as written. */
export function sessionPipeline(written: string | null): Pipeline {
  const parsed = written ? parsePipeline(written) : null;
  return parsed?.ok ? parsed.pipeline : SESSION_WHAT_IF;
}

/** The what-if lists of the page's retrievals that logged stages, once read (null until then, or when none did). */
export function useWhatIfLists(written: string | null, events: readonly SessionEvent[] | undefined): WhatIfLists | null {
  const dataset = useDataset();
  const pipeline = sessionPipeline(written);
  const staged = useMemo(
    () => (events ?? []).filter((event) => event.type === 'retrieval' && event.stages && event.retrieval_id).map((event) => event.retrieval_id!).sort(),
    [events],
  );
  const lists = useQuery(whatIfListsOptions(dataset, pipeline, staged));
  const text = pipelineText(pipeline);
  return useMemo(() => (lists.data ? { pipeline: text, lists: lists.data } : null), [lists.data, text]);
}
