import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LabelingShortcuts } from '../../components/labeling-keys/LabelingShortcuts';
import { PendingKeys } from '../../components/labeling-keys/PendingKeys';
import { useLabelingKeys } from '../../components/labeling-keys/use-labeling-keys';
import { valueKeysOf } from '../../components/labeling-keys/values';
import { QueryState } from '../../components/QueryState';
import { navigate } from '../../lib/url-state';
import { annotateUrl, type AnnotateView } from '../../links/annotate';
import { compareUrl, isEmptySlice } from '../../links/compare';
import { useSharedSettings } from '../../links/use-shared-settings';
import { describeSlice, sliceSettings } from '../../model/compare/slice';
import { parsePipeline } from '../../model/what-if/pipeline';
import { givenRelevance, poolItemDone, poolItemGrade, poolItemKey } from '../../model/compare/pool-queue';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import { poolBoundsOptions, poolQueueOptions, type PoolSource } from '../../queries/pool';
import type { Grade } from '../../schema/given-label';
import { PoolBounds } from './PoolBounds';
import { PoolItem } from './PoolItem';
import type { PoolSides } from './pool-sides';
import { PoolSide } from './PoolSide';
import { usePoolGrades } from './use-pool-grades';
import { useShortcutsHelp } from '../../components/labeling-keys/use-shortcuts-help';

/** The pool queue of the comparison or what-if in the link; without one, or with one that cannot be read, what to do instead. */
export function PoolOfComparison({ view }: { view: AnnotateView }) {
  const { settings: base } = useSharedSettings();
  if (view.whatIf !== null) {
    const parsed = parsePipeline(view.whatIf);
    if (!parsed.ok) return <NoComparison problems={[`what-if: ${parsed.error}`]} />;
    return <PoolQueue view={view} source={{ kind: 'what-if', pipeline: parsed.pipeline }} sides={{ a: 'A · logged', b: `B · ${view.whatIf}` }} />;
  }
  const problems = (['a', 'b'] as const).flatMap((side) => {
    const parsed = sliceSettings(base, view[side]);
    return parsed.ok ? [] : parsed.errors.map((error) => `${side.toUpperCase()}: ${error.message}`);
  });
  const missing = isEmptySlice(view.a) && isEmptySlice(view.b);
  const same = !missing && describeSlice(view.a) === describeSlice(view.b);
  if (missing || same || problems.length > 0) return <NoComparison problems={problems} />;
  return <PoolQueue view={view} source={{ kind: 'comparison', a: view.a, b: view.b }} sides={{ a: 'A', b: 'B' }} />;
}

function NoComparison({ problems }: { problems: string[] }) {
  return (
    <div className="panel empty-state" data-testid="annotate.pool.no-comparison">
      <h2>{problems.length > 0 ? 'The comparison in this link cannot be read' : 'The pool belongs to a comparison'}</h2>
      {problems.map((problem) => <p key={problem} className="text-bad">{problem}</p>)}
      <p>Open Compare, pick two different slices A and B (or a what-if), and follow “Label the pool” there.</p>
      <div className="actions"><a className="button primary" href={compareUrl.href()}>Open Compare</a></div>
    </div>
  );
}

/**
 * The pool of a comparison as a queue (docs/metrics.md, "Judged depth, bounds and the pool"): its
 * unlabeled (query, asset) items in priority order, one at a time; a grade labels the asset on
 * every list of the item and opens the next open item, and the side panel's bounds and settled
 * marks are read again after each.
 */
function PoolQueue({ view, source, sides }: { view: AnnotateView; source: PoolSource; sides: PoolSides }) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const { settings: base } = useSharedSettings();
  const [madeAt, setMadeAt] = useState(() => Date.now());
  const [atEnd, setAtEnd] = useState(false);
  const shortcutsHelp = useShortcutsHelp();
  const pool = useQuery(poolQueueOptions(dataset, base, source, madeAt));
  const bounds = useQuery(poolBoundsOptions(dataset, base, source));
  const items = useMemo(() => pool.data?.items ?? [], [pool.data]);
  const keys = useMemo(() => items.map(poolItemKey), [items]);
  const given = useMemo(() => givenRelevance(labeling.given), [labeling.given]);
  const done = (index: number) => poolItemDone(items[index], given);
  const go = (index: number | null) => {
    setAtEnd(index === null);
    navigate(annotateUrl.changed({ item: index === null ? null : keys[index] }), { replace: true });
  };
  const grades = usePoolGrades((key) => go(keys.indexOf(key)));

  const firstOpen = items.findIndex((_, index) => !done(index));
  const linked = view.item === null ? -1 : keys.indexOf(view.item);
  const index = linked >= 0 ? linked : atEnd || firstOpen < 0 ? -1 : firstOpen;
  const item = index >= 0 ? items[index] : null;
  // The open item goes into the URL, so that a reload or a shared link lands on it.
  useEffect(() => {
    if (linked < 0 && index >= 0) navigate(annotateUrl.changed({ item: keys[index] }), { replace: true });
  }, [linked, index, keys]);

  const step = (delta: 1 | -1) => {
    if (items.length === 0) return;
    const target = (index < 0 ? (delta === 1 ? -1 : items.length) : index) + delta;
    go(target >= items.length ? null : Math.max(target, 0));
  };
  const nextOpen = (after: number) => {
    const next = items.findIndex((_, i) => i > after && !done(i));
    go(next < 0 ? null : next);
  };
  const grade = async (value: Grade) => {
    if (!item || !(await grades.grade(item, value))) return;
    nextOpen(index);
  };
  const skip = () => {
    if (!item) return;
    grades.skip(poolItemKey(item));
    step(1);
  };
  const waiting = useLabelingKeys(valueKeysOf('relevance'), {
    value: (key) => grade(Number(key) as Grade),
    next: () => step(1),
    previous: () => step(-1),
    submit: () => step(1),
    skip,
    undo: () => grades.undo(),
    ...shortcutsHelp.keys,
  }, pool.data !== undefined);

  if (!pool.data) return <QueryState query={pool} label="the pool" />;
  const rebuild = () => {
    setMadeAt(Date.now());
    setAtEnd(false);
    navigate(annotateUrl.changed({ item: null }), { replace: true });
  };
  return (
    <div className="annotate-workspace annotate-pool">
      <PoolSide items={items} total={pool.data.total} index={index} done={done} skipped={grades.skipped} madeAt={madeAt} onRebuild={rebuild}
        compareHref={source.kind === 'what-if' ? compareUrl.href({ whatIf: view.whatIf }) : compareUrl.href({ a: view.a, b: view.b })}>
        {bounds.data ? <PoolBounds bounds={bounds.data} sides={sides} settings={base} recomputing={bounds.isFetching} /> : <QueryState query={bounds} label="the bounds" />}
      </PoolSide>
      {item ? (
        <PoolItem item={item} position={index} total={items.length} grade={poolItemGrade(item, given)} skipped={grades.skipped.has(keys[index])} k={base.k} sides={sides}
          problem={grades.problem} undoable={grades.undoable > 0} onGrade={(value) => void grade(value)} onStep={step} onSkip={skip}
          onUndo={() => void grades.undo()} onHelp={() => shortcutsHelp.show()} />
      ) : (
        <div className="panel empty-state annotate-end" data-testid="annotate.end">
          <h2>{items.length === 0 ? 'The pool is empty' : firstOpen < 0 ? 'Every item of the list is graded' : 'End of the list'}</h2>
          <p>
            {items.length === 0
              ? 'Every asset among the first K of the paired queries\' judged retrievals carries a label: the bounds are as tight as labels make them.'
              : firstOpen < 0 ? 'Make the list again for the items labeled elsewhere since, or beyond this list.' : 'Some items above are still without your grade.'}
          </p>
          <div className="actions">
            {firstOpen >= 0 && <button type="button" className="button primary" onClick={() => go(firstOpen)}>Go to the first open item</button>}
            {grades.undoable > 0 && <button type="button" className="button" onClick={() => void grades.undo()}>Undo the last grade <kbd>z</kbd></button>}
          </div>
          {grades.problem && <p className="text-bad" role="alert">{grades.problem}</p>}
        </div>
      )}
      <PendingKeys waiting={waiting} />
      {shortcutsHelp.open && <LabelingShortcuts kind="relevance" screen="annotate" onClose={() => shortcutsHelp.close()} />}
    </div>
  );
}
