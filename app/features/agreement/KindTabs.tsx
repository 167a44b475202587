import { Link } from '../../components/Link';
import { formatCount, pluralize } from '../../lib/format';
import { agreementUrl } from '../../links/agreement';
import type { AgreementReport } from '../../model/annotation/agreement';
import { LABEL_KINDS, type LabelKind } from '../../schema/given-label';
import { KIND_TITLES } from './agreement-view';

/** One tab per label kind, each with its items and open disagreements; a move keeps nothing of the other kind. */
export function KindTabs({ report, kind }: { report: AgreementReport | null; kind: LabelKind }) {
  return (
    <nav className="agreement-kinds" aria-label="Label kind" data-testid="agreement.kinds">
      {LABEL_KINDS.map((tab) => {
        const numbers = report?.[tab];
        return (
          <Link key={tab} href={agreementUrl.changed({ kind: tab, pair: null, item: null })} aria-current={tab === kind ? 'page' : undefined} data-kind={tab}>
            <span className="agreement-kind-name">{KIND_TITLES[tab]}</span>
            {numbers && (
              <span className="agreement-kind-counts">
                {pluralize(numbers.items, 'item')}
                {numbers.unresolved > 0 && <span className="badge warn" title="Unresolved disagreements">{formatCount(numbers.unresolved)} open</span>}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
