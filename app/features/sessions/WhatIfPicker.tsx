import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';
import type { StageComparison } from '../../model/lineage/stage-lists';
import { pipelineText } from '../../model/what-if/pipeline';
import { SESSION_WHAT_IF } from './use-what-if-lists';

const WHAT_IF_PREFIX = 'what-if ';

/** Which what-if list the stage lists show: a few fusions, no reranker, and each logged stage alone. */
export function WhatIfPicker({ comparison }: { comparison: StageComparison }) {
  const shown = comparison.lists.find((list) => list.kind === 'what-if');
  const current = shown ? shown.label.slice(WHAT_IF_PREFIX.length) : pipelineText(SESSION_WHAT_IF);
  const stageNames = [...new Set(comparison.lists.filter((list) => list.kind === 'retriever').map((list) => list.label))];
  const choices = [...new Set(['rrf:60', 'rrf:20', 'weighted:0.5', 'norerank', ...stageNames.map((name) => `stage:${name}`), current])];
  return (
    <label className="stage-what-if text-soft">
      what-if list:{' '}
      <select aria-label="What-if pipeline" value={current} onChange={(event) => navigate(sessionsUrl.changed({ whatIf: event.target.value }))}>
        {choices.map((choice) => <option key={choice} value={choice}>{choice}</option>)}
      </select>
      {!shown && ' (not defined for this retrieval’s stages)'}
      <span> · only logged candidates can be ranked; nobody saw this list</span>
    </label>
  );
}
