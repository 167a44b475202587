import type { RecallComparison } from '../../engine/sql/gate/gate-screen';
import { RECALL_K } from '../../model/gate/recall';
import { GateNumber } from './GateNumber';
import { Panel } from '../../components/Panel';
import { pluralize } from '../../lib/format';

const EVAL = `mean over eval_cases with non-empty gold_asset_ids (matched to the latest retrieval with exactly their query) of |gold in the first ${RECALL_K} returned| / |gold|`;
const PRODUCTION = `mean over judged production retrievals (resolved relevance labels; query not in the eval set) of (relevant in the first ${RECALL_K}) / R, R = relevant judged assets (0 when R = 0), as Tier 1`;

export function RecallPanel({ recall, filtered }: { recall: RecallComparison; filtered: boolean }) {
  const gap = recall.eval_recall !== null && recall.production_recall !== null ? recall.eval_recall - recall.production_recall : null;
  return (
    <Panel id="gate.recall" title={`Eval recall vs production recall (recall@${RECALL_K})`}
      question="Does the eval set predict production? A large gap means the eval queries are easier or cleaner than what users really type.">
      {filtered && <p className="text-soft gate-note" data-testid="gate.recall.scope">The filters do not apply here: the comparison is over every eval case and every labeled production retrieval.</p>}
      <div className="gate-recall">
        <div className="metric-card">
          <div className="metric-number"><GateNumber path="gate.recall.eval" value={recall.eval_recall} kind="score" definition={EVAL} /></div>
          <div className="metric-label">Eval set recall@{RECALL_K}</div>
          <div className="metric-denominator">over {pluralize(recall.eval_cases, 'eval case')}</div>
        </div>
        <span className="gate-vs">vs</span>
        <div className="metric-card">
          <div className="metric-number"><GateNumber path="gate.recall.production" value={recall.production_recall} kind="score" definition={PRODUCTION} /></div>
          <div className="metric-label">Production recall@{RECALL_K}</div>
          <div className="metric-denominator">over {pluralize(recall.production_retrievals, 'labeled retrieval')}</div>
        </div>
        <div className="metric-card">
          <div className="metric-number"><GateNumber path="gate.recall.gap" value={gap} kind="score" definition="eval recall − production recall" /></div>
          <div className="metric-label">Gap</div>
        </div>
      </div>
      <dl className="gate-definitions">
        <dt>Eval recall@{RECALL_K}</dt><dd>{EVAL}.</dd>
        <dt>Production recall@{RECALL_K}</dt><dd>{PRODUCTION}.</dd>
      </dl>
    </Panel>
  );
}
