import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { LabelingShortcuts } from '../../components/labeling-keys/LabelingShortcuts';
import { PendingKeys } from '../../components/labeling-keys/PendingKeys';
import { useGiveFlow } from '../../components/labeling-keys/use-give-flow';
import { useLabelingKeys } from '../../components/labeling-keys/use-labeling-keys';
import { valueKeysOf } from '../../components/labeling-keys/values';
import { navigate } from '../../lib/url-state';
import { agreementUrl, type AgreementView } from '../../links/agreement';
import { disagreementItems, type KindAgreement } from '../../model/annotation/agreement';
import { itemVotes } from '../../model/annotation/item-labels';
import type { AgreementData } from '../../queries/agreement';
import { agreementItemOptions } from '../../queries/agreement';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import type { LabelKind } from '../../schema/given-label';
import { adjudicationInput, choicesOf, stepItem, visibleDisagreements } from './agreement-view';
import { DisagreementList } from './DisagreementList';
import { ItemPanel } from './ItemPanel';
import { useShortcutsHelp } from '../../components/labeling-keys/use-shortcuts-help';

/** Where a deciding label given here belongs, for undo and for showing it before the dataset has it. */
interface DecidedHere {
  kind: LabelKind;
  value: string;
}

interface WorkspaceProps {
  kind: LabelKind;
  data: AgreementData;
  agreement: KindAgreement;
  view: AgreementView;
}

/**
 * The disagreements and the open item, driven by the shared labeling keys
 * (components/labeling-keys): a value key gives the deciding label at once (adjudicated), Enter
 * goes on (no deciding label: skipped), z takes the last one back. An item settled here stays in
 * the list under "unresolved only" until the screen is left, so the list does not jump under the
 * adjudicator.
 */
export function AgreementWorkspace({ kind, data, agreement, view }: WorkspaceProps) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const queryClient = useQueryClient();
  const shortcutsHelp = useShortcutsHelp();
  const noteRef = useRef<HTMLInputElement>(null);

  const openItem = view.item;
  const flow = useGiveFlow<DecidedHere>(openItem, (last) => {
    if (last.where.kind !== kind || last.itemId !== openItem) navigate(agreementUrl.changed({ kind: last.where.kind, item: last.itemId }), { replace: true });
  });
  const present = new Set(labeling.given.map((label) => label.event_id));
  const given = flow.stack.filter((entry) => present.has(entry.eventId));
  const all = useMemo(() => disagreementItems(data.votes, data.adjudicated, kind), [data, kind]);
  const keep = new Set([...given.filter((entry) => entry.where.kind === kind).map((entry) => entry.itemId), ...(openItem ? [openItem] : [])]);
  const items = visibleDisagreements(all, view.unresolved, keep);
  const query = useQuery(agreementItemOptions(dataset, kind, openItem));
  const next = stepItem(items, openItem, 1);

  useEffect(() => {
    if (dataset.engine && next) void queryClient.prefetchQuery({ ...agreementItemOptions(dataset, kind, next), meta: { priority: 'prefetch' } });
  }, [dataset, queryClient, kind, next]);

  const go = (item: string | null) => {
    flow.setProblem(null);
    if (item !== null) navigate(agreementUrl.changed({ item }), { replace: true });
  };

  const give = (value: string) => {
    const context = query.data;
    if (!openItem) return;
    if (!labeling.annotator) return flow.setProblem('Name yourself first: the deciding label is given under your name.');
    if (!context) return flow.setProblem('The item is still loading.');
    const input = adjudicationInput(context.item, value, context.labels);
    if (!input) return flow.setProblem('This item was labeled by query: settle it with an adjudicated label by query in a label file.');
    void flow.give(input, { kind, value });
  };
  const decided = flow.lastHere !== null || (query.data ? itemVotes(query.data.labels).adjudication !== null : false);
  const submit = () => {
    if (!openItem) return go(next);
    return flow.next({ go: () => go(next), labeled: decided, needsLabel: 'A note goes with a deciding label: press its key first (your note is kept).' });
  };
  const skip = () => {
    flow.skip(openItem);
    go(next);
  };

  // Keys pressed before the item is on screen wait for it, in order (issue 24, point 4).
  const waiting = useLabelingKeys(valueKeysOf(kind), {
    value: (key) => {
      const choice = choicesOf(kind).find((option) => option.key === key);
      if (choice) give(choice.value);
    },
    submit,
    skip,
    next: () => go(next),
    previous: () => go(stepItem(items, openItem, -1)),
    undo: () => void flow.undo(),
    note: () => noteRef.current?.focus(),
    ...shortcutsHelp.keys,
  }, openItem === null || (query.data !== undefined && !query.isPlaceholderData));

  // Given here and not yet read back from the dataset: shown as the decision meanwhile.
  const pendingEntry = given.findLast((entry) => entry.where.kind === kind && entry.itemId === openItem);
  const pending = pendingEntry && !query.data?.labels.some((label) => label.event_id === pendingEntry.eventId) ? pendingEntry.where.value : null;
  return (
    <div className="agreement-workspace">
      <PendingKeys waiting={waiting} />
      {shortcutsHelp.open && <LabelingShortcuts kind={kind} screen="agreement" onClose={() => shortcutsHelp.close()} />}
      <DisagreementList kind={kind} items={items} total={agreement.disagreements} unresolved={agreement.unresolved} multi={agreement.multi}
        unresolvedOnly={view.unresolved} openItem={openItem} skipped={flow.skipped} />
      {openItem ? (
        <ItemPanel key={`${kind}|${openItem}`} kind={kind} itemKey={openItem} query={query}
          position={items.findIndex((item) => item.item === openItem)} listSize={items.length} pending={pending} onStep={(delta) => go(stepItem(items, openItem, delta))}
          note={flow.note} setNote={flow.setNote} noteRef={noteRef} problem={flow.problem} skipped={flow.skipped.has(openItem)}
          onGive={give} onNext={() => void submit()} onSkip={skip} onUndo={given.length > 0 ? () => void flow.undo() : null} />
      ) : (
        <div className="panel agreement-item-empty" data-testid="agreement.pick">
          <h2>Open a disagreement</h2>
          <p className="text-soft">
            Pick an item in the list, or press <kbd>j</kbd> for the first: its context, every label on it with who gave it and when,
            and the deciding value to record as adjudicator.
          </p>
        </div>
      )}
    </div>
  );
}
