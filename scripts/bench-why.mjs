// "Why here?" (issue 27), in the production build: on a loaded log with the Metrics screen shown,
// the panel of masked retrieval failures opened (every slice and pair counted, tested and shown),
// a switch to the ORF signal, and a slice's retrievals listed. Figures, never timed assertions.

/** Ready: the panel of `signal` shows its summary (its query done). */
const panelReady = (title) => `() => {
  const panel = document.getElementById('why-here');
  return !!panel && panel.innerText.includes(${JSON.stringify(title)}) && !!panel.querySelector('[data-testid="why-here.summary"]');
}`;
const sliceShown = () => !!document.querySelector('[data-testid="why-here.slice-retrievals"] table tbody tr');

/** One tab: loads `file` on ?view=metrics, waits for the numbers, then times the panel. */
export async function whyRun({ launch, base, waitPhase, profile, navigateAndTime, metricsShown }, file) {
  const context = await launch(profile());
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await page.goto(`${base}?view=metrics`);
    await waitPhase(page, 'ready');
    await page.getByLabel('Open log files').setInputFiles(file);
    await waitPhase(page, 'loading');
    await waitPhase(page, 'ready');
    await page.waitForFunction(metricsShown, null, { timeout: 600_000, polling: 100 });
    // BENCH_WHY_AFTER=kept: open the panel once keeping in browser storage has ended; =slicing: once its first slice is written
    if (process.env.BENCH_WHY_AFTER === 'kept') await page.waitForFunction(() => document.body.dataset.keeping === undefined, null, { timeout: 600_000, polling: 100 });
    if (process.env.BENCH_WHY_AFTER === 'slicing') await page.waitForFunction(() => Number(document.body.dataset.keeping ?? 100) > 0, null, { timeout: 600_000, polling: 20 });
    const keepingAtOpen = await page.evaluate(() => document.body.dataset.keeping ?? null);
    const open = await page.evaluate(navigateAndTime, { href: '?view=metrics&why=masked', ready: panelReady('Masked retrieval failures'), timeout: 600_000 });
    // the mark is SLICE_PREEMPTED_MARK (app/session/keeping-marks.ts)
    const preempted = await page.evaluate(() => performance.getEntriesByName('keeping:slice-preempted').length);
    const summary = await page.getByTestId('why-here.summary').innerText();
    const orf = await page.evaluate(navigateAndTime, { href: '?view=metrics&why=orf', ready: panelReady('Observable retrieval failures'), timeout: 600_000 });
    const firstSlice = page.locator('.why-here-table tbody tr').first().getByRole('button');
    let slice = null;
    if (await firstSlice.count()) {
      const started = await page.evaluate(() => performance.now());
      await firstSlice.click();
      await page.waitForFunction(sliceShown, null, { timeout: 600_000, polling: 16 });
      slice = (await page.evaluate(() => performance.now())) - started;
    }
    return { open, orf, slice, summary, keepingAtOpen, preempted };
  } finally {
    await context.close();
  }
}

export function whyRows(run) {
  return [
    { figure: 'Why here? panel (masked), opened on Metrics', ms: run.open, baseline: 'target', baselineMs: 1500, target: '≤ 1500 ms', met: run.open <= 1500,
      note: `in-app navigation to ?view=metrics&why=masked with the numbers shown until the panel's slices are; ${run.keepingAtOpen === null ? 'nothing being kept' : `keeping at ${run.keepingAtOpen}% when opened, ${run.preempted} slice(s) stopped for it`}; ${run.summary}` },
    { figure: 'Why here? switch to ORF (all retrievals)', ms: run.orf, baseline: 'target', baselineMs: 1500, target: '—', met: null, note: 'the same, for ?why=orf' },
    { figure: 'Why here? a slice\'s retrievals listed', ms: run.slice ?? NaN, baseline: 'target', baselineMs: 1500, target: '—', met: null, note: 'click on the ORF panel\'s first slice until its first retrieval is shown' },
  ];
}
