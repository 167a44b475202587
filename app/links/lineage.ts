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

/** A trace's page, 0-based, written 1-based (`page=2` is the second); null (absent) opens the page of the selected node. */
const page: Param<number | null> = {
  names: ['page'],
  read: (params) => {
    const value = Number(params.get('page'));
    return Number.isInteger(value) && value >= 1 ? value - 1 : null;
  },
  write: (value) => (value === null ? [] : [['page', String(value + 1)]]),
};

/** Lineage: what is traced across sessions, the page of its rows and the selected graph node. */
export const lineageUrl = screenUrl('lineage', {
  trace,
  page,
  node: text('node'),
});

export type LineageView = ReturnType<typeof lineageUrl.read>;
