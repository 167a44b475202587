import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { itemKeyOf, labelsByItem } from '../../model/annotation/item-labels';
import { summarizeVotes, type VoteSummary } from '../../model/annotation/vote-summary';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import {
  sessionLabelsOptions, type NotReturnedRow, type ResolvedIntentRow, type ResolvedVerdictRow, type SessionLabelTargets,
} from '../../queries/session-labels';
import type { LabelInput } from '../../schema/given-label';
import './session-labeling.css';
import { errorMessage } from '../../lib/error-message';

/** The item key of each label kind (model/annotation/item-labels.ts). */
export const itemKeys = {
  relevance: (retrievalId: string, assetId: string) => itemKeyOf({ kind: 'relevance', retrieval_id: retrievalId, asset_id: assetId, turn_id: null, target_event_id: null }),
  role: (retrievalId: string) => itemKeyOf({ kind: 'role', retrieval_id: retrievalId, asset_id: null, turn_id: null, target_event_id: null }),
  intent: (turnId: string) => itemKeyOf({ kind: 'intent', retrieval_id: null, asset_id: null, turn_id: turnId, target_event_id: null }),
  review: (eventId: string) => itemKeyOf({ kind: 'answer_review', retrieval_id: null, asset_id: null, turn_id: null, target_event_id: eventId }),
};

const keyOfInput = (label: LabelInput) =>
  label.kind === 'relevance' ? itemKeys.relevance(label.retrieval_id, label.asset_id)
  : label.kind === 'role' ? itemKeys.role(label.retrieval_id)
  : label.kind === 'intent' ? itemKeys.intent(label.turn_id)
  : itemKeys.review(label.target_event_id);

interface SessionLabelsValue {
  annotator: string | null;
  votes(key: string): VoteSummary | null;
  notReturned(retrievalId: string): NotReturnedRow[];
  intent(turnId: string): ResolvedIntentRow | null;
  verdict(responseId: string): ResolvedVerdictRow | null;
  /** A label given here that the loaded labels do not show yet, by item key. */
  pending(key: string): LabelInput | null;
  /** Gives the label under the named annotator; false when it was not saved (`error` says why). */
  give(label: LabelInput): Promise<boolean>;
  /** Takes back the last label given in this session view (z, as on every labeling screen); false when none is left. */
  undo(): Promise<boolean>;
  /** Labels given in this session view that undo can still take back. */
  undoable: number;
  error: string | null;
}

const SessionLabelsContext = createContext<SessionLabelsValue | null>(null);

/** Loads the labels of the session's items once and gives labels on them, for every control of the timeline. */
export function SessionLabelsProvider({ targets, children }: { targets: SessionLabelTargets; children: ReactNode }) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const { data } = useQuery(sessionLabelsOptions(dataset, targets));
  const [given, setGiven] = useState<ReadonlyMap<string, { eventId: string; label: LabelInput }>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const { annotator, give: giveLabel, retract, given: givenInBrowser } = labeling;
  // The undo stack of this session view, last on top.
  const [stack, setStack] = useState<readonly { eventId: string; key: string }[]>([]);
  const stillGiven = useMemo(() => new Set(givenInBrowser.map((label) => label.event_id)), [givenInBrowser]);
  const undoable = stack.filter((entry) => stillGiven.has(entry.eventId));

  const give = useCallback(async (label: LabelInput) => {
    setError(null);
    try {
      const saved = await giveLabel(label);
      setGiven((previous) => new Map(previous).set(keyOfInput(label), { eventId: saved.event_id, label }));
      setStack((previous) => [...previous, { eventId: saved.event_id, key: keyOfInput(label) }]);
      return true;
    } catch (failure) {
      setError(`The label was not saved: ${errorMessage(failure)}`);
      return false;
    }
  }, [giveLabel]);

  const last = undoable.at(-1) ?? null;
  const undo = useCallback(async () => {
    if (!last) {
      setError('Nothing to undo: no label given in this session view is left.');
      return false;
    }
    setError(null);
    try {
      await retract(last.eventId);
      setStack((previous) => previous.filter((entry) => entry.eventId !== last.eventId));
      setGiven((previous) => {
        const next = new Map(previous);
        if (next.get(last.key)?.eventId === last.eventId) next.delete(last.key);
        return next;
      });
      return true;
    } catch (failure) {
      setError(`Could not take the label back: ${errorMessage(failure)}`);
      return false;
    }
  }, [last, retract]);

  const value = useMemo<SessionLabelsValue>(() => {
    const items = labelsByItem(data?.labels ?? []);
    const loaded = new Set(data?.labels.map((label) => label.event_id));
    const group = <Row, Key>(rows: Row[] | undefined, key: (row: Row) => Key) => new Map((rows ?? []).map((row) => [key(row), row]));
    const notReturned = new Map<string, NotReturnedRow[]>();
    for (const row of data?.notReturned ?? []) notReturned.set(row.retrieval_id, [...(notReturned.get(row.retrieval_id) ?? []), row]);
    const intents = group(data?.intents, (row) => row.turn_id);
    const verdicts = group(data?.verdicts, (row) => row.target_event_id);
    return {
      annotator,
      votes: (key) => {
        const labels = items.get(key);
        return labels ? summarizeVotes(labels, annotator) : null;
      },
      notReturned: (retrievalId) => notReturned.get(retrievalId) ?? [],
      intent: (turnId) => intents.get(turnId) ?? null,
      verdict: (responseId) => verdicts.get(responseId) ?? null,
      pending: (key) => {
        const entry = given.get(key);
        return entry && !loaded.has(entry.eventId) ? entry.label : null;
      },
      give,
      undo,
      undoable: undoable.length,
      error,
    };
  }, [data, annotator, given, give, undo, undoable.length, error]);

  return <SessionLabelsContext.Provider value={value}>{children}</SessionLabelsContext.Provider>;
}

export function useSessionLabels(): SessionLabelsValue {
  const value = useContext(SessionLabelsContext);
  if (!value) throw new Error('useSessionLabels outside SessionLabelsProvider');
  return value;
}
