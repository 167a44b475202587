// The annotator's waits (issue 24, point 4), in the production build: opening Annotate on a
// loaded log (the relevance queue's first item shown), switching queue (role, then back), and the
// next item after "Submit & next" while the annotator labels items one after another at a
// human pace (grades for the first assets, a pause, Enter). Figures, never timed assertions.
import { rmSync } from 'node:fs';
import { spreadAnnotators } from '../sample-logs/gen/several-annotators.mjs';

const ANNOTATOR = 'bench-annotator';
/** Ready: the item `id` (any when null) shows its context and its labeling controls, no "Computing the item…". */
export const itemReady = (notId) => `() => {
  const item = document.querySelector('[data-testid="annotate.item"]');
  return !!item && item.dataset.item !== ${JSON.stringify(notId ?? '')} && !!item.querySelector('.annotate-labeling')
    && !item.innerText.includes('Computing the item');
}`;

/** In the page: ms from the last Enter keydown until `ready()` holds (checked every frame). */
function sinceEnter({ ready, timeout }) {
  const isReady = new Function(`return (${ready})();`);
  return new Promise((resolve, reject) => {
    const check = () => {
      const ms = performance.now() - window.__benchEnterAt;
      if (isReady()) resolve({ ms, sawComputing: window.__benchSawComputing });
      else if (ms > timeout) reject(new Error(`next item not ready after ${timeout} ms`));
      else {
        if (document.querySelector('[data-testid="annotate.item"]')?.innerText.includes('Computing the item')) window.__benchSawComputing = true;
        requestAnimationFrame(check);
      }
    };
    check();
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One tab: loads `file` with its labels spread over three annotators, opens Annotate (relevance,
 * unlabeled), switches to role and back, then labels `items` items: 3 grades 150 ms apart,
 * 1.5 s of reading, Enter, and the time until the next item is ready.
 */
export async function annotateRun({ launch, base, waitPhase, profile, navigateAndTime }, file, { items = Number(process.env.BENCH_ANNOTATE_ITEMS ?? 25) } = {}) {
  const multi = file.replace(/(\.jsonl)?$/, '.annotators.jsonl');
  await spreadAnnotators(file, multi);
  const context = await launch(profile());
  await context.addInitScript((name) => {
    window.localStorage.setItem('retrieval-inspector:annotator', name);
    window.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        window.__benchEnterAt = performance.now();
        window.__benchSawComputing = false;
      }
    }, true);
  }, ANNOTATOR);
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await page.goto(`${base}?view=overview`);
    await waitPhase(page, 'ready');
    await page.getByLabel('Open log files').setInputFiles(multi);
    await waitPhase(page, 'loading');
    await waitPhase(page, 'ready');
    const status = await page.getByTestId('status-line').innerText();
    const open = await page.evaluate(navigateAndTime, { href: '?view=annotate&queue=relevance', ready: itemReady(null), timeout: 600_000 });
    const toRole = await page.evaluate(navigateAndTime, { href: '?view=annotate&queue=role', ready: itemReady(null), timeout: 600_000 });
    const back = await page.evaluate(navigateAndTime, { href: '?view=annotate&queue=relevance', ready: itemReady(null), timeout: 600_000 });
    const nexts = [];
    let computing = 0;
    for (let i = 0; i < items; i++) {
      const id = await page.getByTestId('annotate.item').getAttribute('data-item');
      for (const grade of ['2', '1', '0']) {
        await page.keyboard.press(grade);
        await pause(150);
      }
      await pause(1500);
      await page.keyboard.press('Enter');
      const { ms, sawComputing } = await page.evaluate(sinceEnter, { ready: itemReady(id), timeout: 120_000 });
      nexts.push(ms);
      if (sawComputing) computing++;
    }
    const sorted = [...nexts].sort((a, b) => a - b);
    return { status, open, switches: [toRole, back], next: { count: nexts.length, each: nexts, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), computing } };
  } finally {
    await context.close();
    rmSync(multi, { force: true });
  }
}

export function annotateRows(run) {
  const switchMax = Math.max(...run.switches);
  return [
    { figure: 'Annotate: queue open', ms: run.open, baseline: 'target', baselineMs: 1000, target: '≤ 1000 ms', met: run.open <= 1000,
      note: `in-app navigation to ?view=annotate&queue=relevance on the loaded log until its first item is shown; queue switch (role, back) ${run.switches.map((ms) => ms.toFixed(0)).join(' / ')} ms; ${run.status}` },
    { figure: 'Annotate: queue switch (slower of role, back)', ms: switchMax, baseline: 'target', baselineMs: 1000, target: '≤ 1000 ms', met: switchMax <= 1000, note: 'the same, from one queue to another' },
    { figure: `Annotate: next item ready p95 (${run.next.count} items)`, ms: run.next.p95, baseline: 'target', baselineMs: 150, target: '≤ 150 ms', met: run.next.p95 <= 150,
      note: `Enter → the next item's context and controls shown; 3 grades 150 ms apart and 1.5 s reading per item; p50 ${run.next.p50.toFixed(0)} ms, max ${run.next.max.toFixed(0)} ms; "Computing the item…" seen on ${run.next.computing} of ${run.next.count}` },
  ];
}
