import { MetricValue } from '../../components/metric/MetricValue';
import type { MatrixCell } from '../../model/metrics/matrix-cells';
import { navigate } from '../../lib/url-state';
import { metricsUrl } from '../../links/metrics';
import type { MatrixReport } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { CellRetrievals } from './CellRetrievals';
import { Panel } from '../../components/Panel';
import { SectionFilters } from './SectionFilters';
import { WhyHereLink } from './why-here/WhyHereLink';

const openCell = (cell: MatrixCell | null) => navigate(metricsUrl.changed({ cell }));

interface CellProps {
  cell: MatrixCell;
  title: string;
  meaning: string;
  tone: 'good' | 'warn' | 'bad' | 'danger';
  value: number;
  selected: MatrixCell | null;
  settings: MetricSettings;
  children?: React.ReactNode;
}

function Cell({ cell, title, meaning, tone, value, selected, settings, children }: CellProps) {
  return (
    <div className={`matrix-cell tone-${tone}${selected === cell ? ' selected' : ''}`}>
      <button type="button" className="matrix-cell-button" aria-pressed={selected === cell} onClick={() => openCell(selected === cell ? null : cell)}>
        <span className="matrix-cell-title">{title}</span>
        <MetricValue variant="cell" path={`matrix.${cell}`} value={value} kind="count" settings={settings} />
        <span className="matrix-cell-meaning">{meaning}</span>
      </button>
      {children}
    </div>
  );
}

export function MatrixPanel(props: { matrix: MatrixReport; settings: MetricSettings; recomputing: boolean; selected: MatrixCell | null }) {
  const { matrix, settings, recomputing, selected } = props;
  const common = { settings, selected };
  return (
    <Panel id="matrix" title="Tier 1 × Tier 2 · Where failures hide" question="Judged retrievals by retriever quality and observable failure. Click a cell to list its retrievals." recomputing={recomputing}
      scope={<SectionFilters section="matrix" settings={settings} />}>
      <div className="matrix-grid" role="group" aria-label="Tier 1 by Tier 2 matrix">
        <div />
        <div className="matrix-axis">no ORF</div>
        <div className="matrix-axis">ORF observed</div>
        <div className="matrix-axis row">Tier 1 good</div>
        <Cell cell="healthy" title="Healthy" meaning="good results, no sign of failure" tone="good" value={matrix.healthy} {...common} />
        <Cell cell="downstream" title="Look downstream" meaning="good results, yet a failure signal: generation or tool" tone="warn" value={matrix.downstream} {...common} />
        <div className="matrix-axis row">Tier 1 bad</div>
        <Cell cell="masked" title="Masked retrieval failure" meaning="bad results and no complaint: the agent or model covered for them" tone="danger" value={matrix.masked} {...common}>
          <div className="matrix-split">
            <button type="button" className={`chip${selected === 'masked_consumed' ? ' selected' : ''}`} onClick={() => openCell('masked_consumed')}>
              consumed <MetricValue variant="cell" path="matrix.masked_consumed" value={matrix.masked_consumed} kind="count" settings={settings} />
            </button>
            <button type="button" className={`chip${selected === 'masked_silent' ? ' selected' : ''}`} onClick={() => openCell('masked_silent')}>
              silent <MetricValue variant="cell" path="matrix.masked_silent" value={matrix.masked_silent} kind="count" settings={settings} />
            </button>
            <WhyHereLink signal="masked" />
          </div>
        </Cell>
        <Cell cell="visible_failure" title="Visible retrieval failure" meaning="bad results, and the failure showed" tone="bad" value={matrix.visible_failure} {...common}>
          <div className="matrix-split"><WhyHereLink signal="tier1_bad" label="Why here? (Tier 1 bad)" /></div>
        </Cell>
      </div>
      {selected && <CellRetrievals cell={selected} total={matrix[selected]} settings={settings} />}
    </Panel>
  );
}
