import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from '../../lib/url-state';
import { agreementUrl, type AgreementView } from '../../links/agreement';
import { disagreementItems, type KindAgreement } from '../../model/annotation/agreement';
import type { AgreementData } from '../../queries/agreement';
import { agreementItemOptions } from '../../queries/agreement';
import { useDataset } from '../../queries/dataset';
import { useLabeling } from '../../queries/labeling';
import type { LabelKind } from '../../schema/given-label';
import { adjudicationInput, stepItem, visibleDisagreements } from './agreement-view';
import { DisagreementList } from './DisagreementList';
import { ItemPanel } from './ItemPanel';
import { agreementShortcuts, useAgreementKeys } from './use-agreement-keys';
import { ShortcutsDialog } from '../../components/ShortcutsDialog';

/** A deciding label given on this screen, last on top of the undo stack. */
interface GivenHere {
  eventId: string;
  kind: LabelKind;
  item: string;
  value: string;
}

interface WorkspaceProps {
  kind: LabelKind;
  data: AgreementData;
  agreement: KindAgreement;
  view: AgreementView;
}

/**
 * The disagreements and the open item, driven by the keyboard: a value key gives the deciding
 * label at once (adjudicated, durable before `give` resolves); u takes it back. An item settled
 * here stays in the list under "unresolved only" until the screen is left, so the list does not
 * jump under the adjudicator.
 */
export function AgreementWorkspace({ kind, data, agreement, view }: WorkspaceProps) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const queryClient = useQueryClient();
  const [given, setGiven] = useState<GivenHere[]>([]);
  const [noteState, setNoteState] = useState<{ item: string | null; text: string }>({ item: null, text: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const noteRef = useRef<HTMLInputElement>(null);
  const giving = useRef(false);

  const openItem = view.item;
  const all = useMemo(() => disagreementItems(data.votes, data.adjudicated, kind), [data, kind]);
  const keep = new Set([...given.filter((entry) => entry.kind === kind).map((entry) => entry.item), ...(openItem ? [openItem] : [])]);
  const items = visibleDisagreements(all, view.unresolved, keep);
  const query = useQuery(agreementItemOptions(dataset, kind, openItem));
  const note = noteState.item === openItem ? noteState.text : '';
  const next = stepItem(items, openItem, 1);

  useEffect(() => {
    if (dataset.engine && next) void queryClient.prefetchQuery({ ...agreementItemOptions(dataset, kind, next), meta: { priority: 'prefetch' } });
  }, [dataset, queryClient, kind, next]);

  const go = (item: string | null) => {
    setProblem(null);
    if (item !== null) navigate(agreementUrl.changed({ item }), { replace: true });
  };

  const give = async (value: string) => {
    const context = query.data;
    if (!openItem || giving.current) return;
    if (!labeling.annotator) return setProblem('Name yourself first: the deciding label is given under your name.');
    if (!context) return setProblem('The item is still loading.');
    const input = adjudicationInput(context.item, value, context.labels, note);
    if (!input) return setProblem('This item was labeled by query: settle it with an adjudicated label by query in a label file.');
    giving.current = true;
    try {
      const label = await labeling.give(input);
      setGiven((list) => [...list, { eventId: label.event_id, kind, item: openItem, value }]);
      setNoteState({ item: openItem, text: '' });
      setProblem(null);
    } catch (error) {
      setProblem(`The deciding label was not saved: ${(error as Error).message}`);
    } finally {
      giving.current = false;
    }
  };

  const present = new Set(labeling.given.map((label) => label.event_id));
  const last = given.findLast((entry) => present.has(entry.eventId)) ?? null;
  const undo = async () => {
    if (!last) return setProblem('Nothing to undo: no deciding label given on this screen is left.');
    try {
      await labeling.retract(last.eventId);
      setGiven((list) => list.filter((entry) => entry !== last));
      setProblem(null);
      if (last.kind !== kind || last.item !== openItem) navigate(agreementUrl.changed({ kind: last.kind, item: last.item }), { replace: true });
    } catch (error) {
      setProblem(`Could not take the deciding label back: ${(error as Error).message}`);
    }
  };

  useAgreementKeys(kind, {
    give: (value) => void give(value),
    step: (delta) => go(stepItem(items, openItem, delta)),
    undo: () => void undo(),
    focusNote: () => noteRef.current?.focus(),
    escape: () => {
      noteRef.current?.blur();
      setHelpOpen(false);
    },
    help: () => setHelpOpen(true),
  });

  // Given here and not yet read back from the dataset: shown as the decision meanwhile.
  const pendingEntry = given.findLast((entry) => entry.kind === kind && entry.item === openItem && present.has(entry.eventId));
  const pending = pendingEntry && !query.data?.labels.some((label) => label.event_id === pendingEntry.eventId) ? pendingEntry.value : null;
  return (
    <div className="agreement-workspace">
      {helpOpen && <ShortcutsDialog shortcuts={agreementShortcuts(kind)} onClose={() => setHelpOpen(false)}
        note="A deciding label is given the moment you press its key, marked adjudicated: it settles the item for the metrics." />}
      <DisagreementList kind={kind} items={items} total={agreement.disagreements} unresolved={agreement.unresolved} multi={agreement.multi} unresolvedOnly={view.unresolved} openItem={openItem} />
      {openItem ? (
        <ItemPanel key={`${kind}|${openItem}`} kind={kind} itemKey={openItem} query={query}
          position={items.findIndex((item) => item.item === openItem)} listSize={items.length} pending={pending} onStep={(delta) => go(stepItem(items, openItem, delta))}
          note={note} setNote={(text) => setNoteState({ item: openItem, text })} noteRef={noteRef} problem={problem}
          onGive={(value) => void give(value)} onUndo={last ? () => void undo() : null} />
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
