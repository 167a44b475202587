// The lineage graph in the browser bench: sessions whose graphs have about 200 and 2,000 nodes
// (bench-inputs.mjs lineageFile), each opened in the session inspector (the graph of
// e2e/lineage-graph.spec.ts; over 500 nodes it is drawn on a canvas). Two figures per session:
//   navigation → graph drawn: in-app navigation to ?view=sessions&session=<id> until the graph
//   has been laid out and its nodes (SVG) or its canvas are on the page (noting when the
//   session's first turn showed, as session open times it);
//   node click → answered: a real mouse click on a node (not a fold) until "Selected node" shows.

/** In-page: true once the session's graph is laid out and drawn. */
const graphDrawn = (id) => `() => {
  const inspector = document.querySelector(${JSON.stringify(`section.inspector[aria-label="Session ${id}"]`)});
  const graph = inspector && inspector.querySelector('section.lg[aria-label="Lineage graph"]');
  if (!graph || graph.querySelector('.lg-pending')) return false;
  const stats = graph.querySelector('[data-testid="graph-stats"]')?.textContent ?? '';
  return stats.includes('laid out in') && !!(graph.querySelector('canvas.lg-canvas') || graph.querySelector('.lg-node'));
}`;

/** In-page: a point (page coordinates) on a node that is not a fold, and the graph's stats line. */
function findNodePoint() {
  const graph = document.querySelector('section.lg[aria-label="Lineage graph"]');
  graph.scrollIntoView({ block: 'start' });
  const stats = graph.querySelector('[data-testid="graph-stats"]').textContent;
  const svgNode = graph.querySelector('.lg-node[data-node-id^="retrieval:"]');
  if (svgNode) {
    const box = svgNode.querySelector('.lg-box').getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, renderer: 'svg', node: svgNode.getAttribute('data-node-id'), stats };
  }
  // a canvas has no element per node; its tooltip follows the pointer (LineageGraphView), so
  // hover a grid of points until one is over a node
  const canvas = graph.querySelector('canvas.lg-canvas');
  const box = canvas.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight);
  for (let y = box.top + 4; y < bottom; y += 4) {
    for (let x = box.left + 4; x < box.right; x += 4) {
      canvas.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, bubbles: true }));
      if (canvas.title && !/not used|other results/.test(canvas.title)) return { x, y, renderer: 'canvas', node: canvas.title.split('\n')[0], stats };
    }
  }
  return { x: NaN, y: NaN, renderer: 'canvas', node: null, stats };
}

/** In-page: like navigateAndTime, also noting when the session's first turn shows (what session open times). */
function navigateAndTimeGraph({ href, turn, ready, timeout }) {
  const isReady = new Function(`return (${ready})();`);
  const started = performance.now();
  let turnMs = null;
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
  return new Promise((resolve, reject) => {
    const check = () => {
      const ms = performance.now() - started;
      if (turnMs === null && document.querySelector(turn)) turnMs = ms;
      if (isReady()) resolve({ drawnMs: ms, turnMs: turnMs ?? ms });
      else if (ms > timeout) reject(new Error(`not ready after ${timeout} ms: ${href}`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

function armClickClock() {
  window.__benchPointerDown = null;
  window.addEventListener('pointerdown', () => { window.__benchPointerDown ??= performance.now(); }, { capture: true, once: true });
}

function clickAnswered(timeout) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const from = window.__benchPointerDown;
      if (from !== null && document.querySelector('section[aria-label="Selected node"]')) resolve(performance.now() - from);
      else if (from !== null && performance.now() - from > timeout) reject(new Error('no "Selected node" after the click'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** `tab`: { launch(profile), base, waitPhase(page, phase), profile(), navigateAndTime }; `lineage`: bench-inputs.mjs lineageFile(). */
export async function lineageRun(tab, lineage) {
  const context = await tab.launch(tab.profile());
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(tab.base);
    await tab.waitPhase(page, 'ready');
    await page.getByLabel('Open log files').setInputFiles(lineage.file);
    await tab.waitPhase(page, 'loading');
    await tab.waitPhase(page, 'ready');
    const status = await page.getByTestId('status-line').innerText();
    const sessions = [];
    for (const session of lineage.sessions) {
      // from the sessions list, so that no graph is on the page when the clock starts
      await page.evaluate(tab.navigateAndTime, { href: '?view=sessions', ready: '() => !document.querySelector("section.lg")', timeout: 120_000 });
      const { drawnMs, turnMs } = await page.evaluate(navigateAndTimeGraph, {
        href: `?view=sessions&session=${encodeURIComponent(session.id)}`, turn: `section.inspector[aria-label="Session ${session.id}"] .turn`, ready: graphDrawn(session.id), timeout: 300_000,
      });
      const point = await page.evaluate(findNodePoint);
      let clickMs = NaN;
      if (Number.isFinite(point.x)) {
        await page.evaluate(armClickClock);
        await page.mouse.click(point.x, point.y);
        clickMs = await page.evaluate(clickAnswered, 60_000);
      }
      if (process.env.BENCH_SCREENSHOTS) await page.screenshot({ path: `${process.env.BENCH_SCREENSHOTS}/bench-lineage-${session.nodes}.png` });
      sessions.push({ ...session, drawnMs, turnMs, clickMs, renderer: point.renderer, clicked: point.node, stats: point.stats });
    }
    return { status, sessions };
  } finally {
    await context.close();
  }
}

export function lineageRows(run) {
  const [small, large] = run.sessions;
  const what = (s) => `${s.stats.replace(/ · laid out.*/, '')}, ${s.renderer}`;
  return [
    {
      figure: `lineage graph, ${large.nodes.toLocaleString('en-US')} nodes: navigation → drawn`, ms: large.drawnMs,
      baseline: `the same for a ${small.nodes}-node graph`, baselineMs: small.drawnMs, target: '—', met: null,
      note: `session inspector graph: ${what(large)} (baseline: ${what(small)}); ${large.stats.match(/laid out in [\d,]+ ms/)?.[0] ?? ''} in the layout worker; `
        + `the session's first turn showed at ${Math.round(large.turnMs)} ms (baseline ${Math.round(small.turnMs)} ms)`,
    },
    {
      figure: `lineage graph, ${large.nodes.toLocaleString('en-US')} nodes: node click → Selected node shown`, ms: large.clickMs,
      baseline: `the same for a ${small.nodes}-node graph`, baselineMs: small.clickMs, target: '—', met: null,
      note: `mouse click on ${large.clicked ?? 'no node found'} (baseline: ${small.clicked ?? 'no node found'}), from pointerdown to the details panel`,
    },
  ];
}
