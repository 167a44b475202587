import { useState, type FormEvent } from 'react';
import { navigate } from '../../lib/url-state';
import { compareUrl } from '../../links/compare';
import { DEFAULT_RRF_K, PIPELINE_KINDS, PIPELINE_MEANING, parsePipeline, type PipelineKind } from '../../model/what-if/pipeline';

const KIND_LABEL: Record<PipelineKind, string> = {
  rrf: 'RRF fusion (k)',
  weighted: 'weighted fusion (w)',
  stage: 'one stage alone (name)',
  norerank: 'no reranker',
  cut: 'the first n returned (n)',
};

const DEFAULT_PARAMETER: Record<PipelineKind, string> = { rrf: String(DEFAULT_RRF_K), weighted: '0.5', stage: 'bm25', norerank: '', cut: '5' };

/** The pipeline as kind and parameter text, from a pipeline as written. */
function split(pipeline: string | null): { kind: PipelineKind; parameter: string } {
  const parsed = pipeline ? parsePipeline(pipeline) : null;
  if (!parsed?.ok) return { kind: 'rrf', parameter: DEFAULT_PARAMETER.rrf };
  const at = pipeline!.indexOf(':');
  return { kind: parsed.pipeline.kind, parameter: at < 0 ? '' : pipeline!.slice(at + 1) };
}

/** Builds a what-if: a pipeline kind and its parameter; applying it compares the logged lists with the pipeline's. */
export function WhatIfForm({ current }: { current: string | null }) {
  const initial = split(current);
  const [kind, setKind] = useState<PipelineKind>(initial.kind);
  const [parameter, setParameter] = useState(initial.parameter);
  const text = kind === 'norerank' ? 'norerank' : `${kind}:${parameter.trim()}`;
  const parsed = parsePipeline(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.ok) navigate(compareUrl.changed({ whatIf: text, query: null }));
  };
  return (
    <form className="panel cmp-what-if-form" aria-label="What if" onSubmit={submit} data-testid="compare.what-if-form">
      <strong>What if</strong> the logged candidates had been ranked by
      <label>
        <span className="visually-hidden">Pipeline</span>
        <select aria-label="Pipeline" value={kind} onChange={(event) => {
          const next = event.target.value as PipelineKind;
          setKind(next);
          setParameter(DEFAULT_PARAMETER[next]);
        }}>
          {PIPELINE_KINDS.map((choice) => <option key={choice} value={choice}>{KIND_LABEL[choice]}</option>)}
        </select>
      </label>
      {kind !== 'norerank' && (
        <input aria-label="Parameter" className="cmp-what-if-parameter" value={parameter} onChange={(event) => setParameter(event.target.value)} />
      )}
      <button type="submit" disabled={!parsed.ok}>Compare with the logged lists</button>
      {current !== null && (
        <button type="button" onClick={() => navigate(compareUrl.changed({ whatIf: null, sweep: null, query: null }))}>Back to two slices</button>
      )}
      <span className="text-soft cmp-what-if-meaning">{parsed.ok ? PIPELINE_MEANING[kind] : parsed.error}</span>
    </form>
  );
}
