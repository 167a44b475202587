import type { TraceTarget } from '../model/lineage/trace';
import type { Param } from './param';
import { text } from './param';
import { screenUrl } from './screen-url';

/** `asset=…` or `retrieval=…`; when both are given, the retrieval is traced. */
const trace: Param<TraceTarget | null> = {
  names: ['asset', 'retrieval'],
  read: (params) => {
    const retrieval = params.get('retrieval');
    const asset = params.get('asset');
    return retrieval ? { kind: 'retrieval', id: retrieval } : asset ? { kind: 'asset', id: asset } : null;
  },
  write: (value) => (value ? [[value.kind, value.id]] : []),
};

/** Lineage: what is traced across sessions and the selected graph node. */
export const lineageUrl = screenUrl('lineage', {
  trace,
  node: text('node'),
});

export type LineageView = ReturnType<typeof lineageUrl.read>;
