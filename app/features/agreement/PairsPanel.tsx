import { LogText } from '../../components/LogText';
import { Link } from '../../components/Link';
import { Panel } from '../../components/Panel';
import { formatCount } from '../../lib/format';
import { agreementUrl } from '../../links/agreement';
import { annotateUrl } from '../../links/annotate';
import { confusionMatrix, type AgreementVote, type KindAgreement } from '../../model/annotation/agreement';
import type { LabelKind } from '../../schema/given-label';
import { pairNames } from './agreement-view';
import { ConfusionMatrixTable } from './ConfusionMatrixTable';
import { KappaValue, PAIR_NULL_REASON } from './KappaValue';

const KAPPA_CAPTION = 'Cohen\'s κ = (p_o − p_e) / (1 − p_e): p_o is the share of shared items both gave the same value, p_e the agreement '
  + 'expected by chance from each annotator\'s own value shares on those items. 1 = perfect agreement, 0 = no better than chance, below 0 = worse. '
  + 'Values are compared unweighted (a relevance grade 2 against 3 disagrees as much as 0 against 3). Votes: labels that name an annotator and are not '
  + 'adjudicated, each annotator\'s latest per item.';

interface PairsPanelProps {
  kind: LabelKind;
  agreement: KindAgreement;
  votes: readonly AgreementVote[];
  annotators: readonly string[];
  /** The pair whose confusion is shown (a key of agreement.pairs), null when no two annotators share an item. */
  pair: string | null;
}

/** Cohen's κ of every pair sharing an item, and the chosen pair's values crossed. */
export function PairsPanel({ kind, agreement, votes, annotators, pair }: PairsPanelProps) {
  const pairs = Object.entries(agreement.pairs);
  const names = pair === null ? null : pairNames(pair, annotators);
  return (
    <Panel id="agreement.pairs" title="Pairs of annotators" caption={KAPPA_CAPTION}
      question="How far does each pair agree beyond chance, and on which values do they part? Pick a pair to see its confusion.">
      {pairs.length === 0 ? (
        <p className="text-soft" data-testid="agreement.no-pairs">
          No two annotators labeled the same {kind.replace('_', ' ')} item yet, so there is no κ.{' '}
          {kind === 'answer_review' ? 'A second reviewer\'s verdicts on the same answers would give one.' : (
            <><Link href={annotateUrl.href({ queue: kind, pick: 'single' })}>Label items one annotator labeled</Link> to give a second opinion.</>
          )}
        </p>
      ) : (
        <div className="agreement-pairs">
          <table className="data agreement-pair-table">
            <thead>
              <tr><th>Pair</th><th className="num">Shared items</th><th className="num">Cohen&apos;s κ</th></tr>
            </thead>
            <tbody>
              {pairs.map(([key, numbers]) => {
                const [a, b] = pairNames(key, annotators) ?? [key, ''];
                return (
                  <tr key={key} aria-selected={key === pair} data-pair={key}>
                    <td>
                      <Link href={agreementUrl.changed({ pair: key })} replace><LogText text={a} shown={120} /> <span className="text-soft">×</span> <LogText text={b} shown={120} /></Link>
                    </td>
                    <td className="num">{formatCount(numbers.items)}</td>
                    <td className="num"><KappaValue path={`agreement.${kind}.pairs.${key}.kappa`} value={numbers.kappa} nullReason={PAIR_NULL_REASON} /></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {names && <ConfusionMatrixTable kind={kind} a={names[0]} b={names[1]} matrix={confusionMatrix(votes, kind, names[0], names[1])} />}
        </div>
      )}
    </Panel>
  );
}
