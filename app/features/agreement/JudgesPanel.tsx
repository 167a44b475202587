import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import { LogText } from '../../components/LogText';
import { Panel } from '../../components/Panel';
import { formatCount } from '../../lib/format';
import { agreementUrl } from '../../links/agreement';
import { parseItemKey } from '../../model/annotation/item-key';
import { judgeConfusionMatrix, type JudgeAgreement, type JudgeAgreementFigures } from '../../model/annotation/judges';
import { judgeDisagreementsOptions, judgesOptions } from '../../queries/agreement';
import { useDataset } from '../../session/dataset';
import type { LabelKind } from '../../schema/given-label';
import { shortValue } from './agreement-view';
import { ConfusionMatrixTable } from './ConfusionMatrixTable';
import { KappaValue, PAIR_NULL_REASON } from './KappaValue';

const CAPTION = 'A judge is an annotator whose labels say annotator_kind llm or code. The human consensus of an item is the resolution over human '
  + 'labels alone (an adjudication, else the majority of the annotators\' latest votes). κ is Cohen\'s between the judge\'s latest value and that '
  + 'consensus on the items both have; for relevance, binary κ compares relevant (grade ≥ 1) against not.';

/** Judges and humans (docs/metrics.md): each non-human annotator of this kind against the human consensus, overall and per retrieval role. */
export function JudgesPanel({ kind, judge }: { kind: LabelKind; judge: string | null }) {
  const dataset = useDataset();
  const query = useQuery(judgesOptions(dataset));
  const judges = (query.data ?? []).filter((row) => row.kinds[kind] !== undefined);
  if (judges.length === 0) return null;
  const chosen = judges.find((row) => row.annotator === judge) ?? judges[0];
  const binary = kind === 'relevance';
  return (
    <Panel id="agreement.judges" title="Judges" caption={CAPTION} recomputing={query.isPlaceholderData}
      question="How far does each LLM or code judge agree with the humans, and where does it part from them? Pick a judge for its confusion and disagreements.">
      <table className="data agreement-judges-table">
        <thead>
          <tr>
            <th>Judge</th><th>Kind</th><th>Retrieval role</th><th className="num">Items with a human consensus</th><th className="num">κ</th>
            {binary && <th className="num">Binary κ (relevant or not)</th>}
          </tr>
        </thead>
        <tbody>
          {judges.flatMap((row) => figureRows(row, kind).map(([role, figures]) => (
            <tr key={`${row.annotator}|${row.annotatorKind}|${role ?? ''}`} aria-selected={row === chosen && role === null} data-judge={row.annotator} data-role={role ?? 'all'}>
              <td>{role === null ? <Link href={agreementUrl.changed({ judge: row.annotator })} replace><LogText text={row.annotator} shown={80} /></Link> : null}</td>
              <td>{role === null ? row.annotatorKind : null}</td>
              <td className={role === null ? undefined : 'text-soft'}>{role ?? 'all'}</td>
              <td className="num">{formatCount(figures.items)}</td>
              <td className="num"><KappaValue path={`judges.${row.annotator}.${kind}.kappa`} value={figures.kappa} nullReason={nullReason(figures.items)} /></td>
              {binary && <td className="num"><KappaValue path={`judges.${row.annotator}.${kind}.kappa_binary`} value={figures.kappa_binary ?? null} nullReason={nullReason(figures.items)} /></td>}
            </tr>
          )))}
        </tbody>
      </table>
      <JudgeDetail kind={kind} judge={chosen} />
    </Panel>
  );
}

const nullReason = (items: number) => (items === 0 ? 'no item of this judge has a human label yet.' : PAIR_NULL_REASON);

/** The judge's overall figures, then one row per retrieval role (relevance). */
function figureRows(judge: JudgeAgreement, kind: LabelKind): [string | null, JudgeAgreementFigures][] {
  const agreement = judge.kinds[kind]!;
  return [[null, agreement], ...Object.entries(agreement.byRole).sort(([a], [b]) => (a < b ? -1 : 1))];
}

const SHOWN_DISAGREEMENTS = 50;

/** An item key as a person reads it: a relevance item `r1 · a1` (or `"query" · a1`), another kind's its id. */
function itemName(kind: LabelKind, key: string): string {
  const item = parseItemKey(kind, key);
  if (item?.kind !== 'relevance') return key;
  return `${item.retrieval_id ?? `"${item.query}"`} · ${item.asset_id}`;
}

function JudgeDetail({ kind, judge }: { kind: LabelKind; judge: JudgeAgreement }) {
  const dataset = useDataset();
  const disagreements = useQuery(judgeDisagreementsOptions(dataset, kind, judge.annotator));
  const agreement = judge.kinds[kind]!;
  const rows = disagreements.data ?? [];
  return (
    <div className="agreement-judge-detail">
      {agreement.items > 0 && <ConfusionMatrixTable kind={kind} a={judge.annotator} b="human consensus" matrix={judgeConfusionMatrix(agreement.confusion)} />}
      <div data-testid="agreement.judge-disagreements">
        <h3>Where {judge.annotator} parts from the humans ({formatCount(rows.length)})</h3>
        {rows.length === 0 ? <p className="text-soft">{disagreements.isPending ? 'Reading…' : 'None: on every shared item the judge gave the consensus value.'}</p> : (
          <ul className="agreement-judge-disagreements">
            {rows.slice(0, SHOWN_DISAGREEMENTS).map((row) => (
              <li key={row.item}>
                <Link href={agreementUrl.changed({ item: row.item })} replace><LogText text={itemName(kind, row.item)} shown={60} more={false} /></Link>
                {' '}<span className="text-soft">judge</span> {shortValue(kind, row.judge_value)} <span className="text-soft">· humans</span> {shortValue(kind, row.human_value)}
                {row.role !== null && <span className="text-soft"> · {row.role}</span>}
              </li>
            ))}
          </ul>
        )}
        {rows.length > SHOWN_DISAGREEMENTS && <p className="text-soft">The first {SHOWN_DISAGREEMENTS} by item; each opens for adjudication below.</p>}
      </div>
    </div>
  );
}
