import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';

const SCREENS = 'test-results/screens';
const SESSION = 'lg-40';
/** The smallest title Fit may draw (viewport-math.ts MIN_LABEL_PX). */
const MIN_LABEL_PX = 11;

/**
 * One session of 8 turns: each retrieval returns 4 assets, the user selects the first and the
 * agent uses the second, the other two fold into "+2 not used". 8 × (retrieval, 2 assets, fold,
 * 2 actions) = 48 nodes. The first asset of each list has a title far too long for its node.
 */
function writeFixture(): string {
  const lines: object[] = [];
  const start = Date.parse('2026-09-01T10:00:00Z');
  let minute = 0;
  const ts = () => new Date(start + 60_000 * minute++).toISOString();
  for (let i = 1; i <= 8; i++) {
    const turn = { session_id: SESSION, user_id: 'u-1', surface: 'editor', turn_id: `t${i}`, request_id: `q${i}` };
    const assets = [1, 2, 3, 4].map((j) => `lg-${i}-${j}`);
    const retrieval = `r-lg-${i}`;
    lines.push({ type: 'prompt', event_id: `p${i}`, ts: ts(), ...turn, text: `find spring poster template number ${i}` });
    lines.push({ type: 'retrieval', event_id: `e-r${i}`, ts: ts(), ...turn, retrieval_id: retrieval, query: `spring poster template with a WIDE HEADLINE ${i}`, role: 'find', returned_asset_ids: assets });
    lines.push({ type: 'action', event_id: `e-s${i}`, ts: ts(), ...turn, actor: 'user', action: 'select', consumed_asset_id: assets[0], source_retrieval_id: retrieval });
    lines.push({ type: 'action', event_id: `e-u${i}`, ts: ts(), ...turn, actor: 'agent', action: 'use', consumed_asset_id: assets[1], source_retrieval_id: retrieval });
  }
  for (let i = 1; i <= 8; i++) {
    for (let j = 1; j <= 4; j++) {
      const title = j === 1 ? `WWW MMM Spring Poster Extravaganza With A Title Nobody Can Fit ${i}` : `Spring poster ${i}-${j}`;
      lines.push({ type: 'asset', asset_id: `lg-${i}-${j}`, kind: 'template', title });
    }
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-graph-')), 'graph-40.jsonl');
  fs.writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return file;
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let fixture: string;
let graph: Locator;
let viewport: Locator;
let zoom: Locator;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const app = new AppPage(page);
  await app.open();
  fixture = writeFixture();
  await app.openFiles(fixture);
  await page.evaluate((session) => {
    history.pushState(null, '', `/?view=sessions&session=${session}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, SESSION);
  graph = page.getByRole('region', { name: 'Lineage graph', exact: true });
  viewport = graph.locator('.lg-viewport');
  zoom = graph.getByTestId('graph-zoom');
  await expect(graph.getByTestId('graph-stats')).toContainText('48 nodes');
});

test.afterAll(async () => {
  await page.close();
  fs.rmSync(path.dirname(fixture), { recursive: true, force: true });
});

type Box = { x: number; y: number; width: number; height: number };

const button = (name: string) => graph.getByRole('group', { name: 'Zoom' }).getByRole('button', { name, exact: true });
/** A node's box on screen. */
const boxOf = async (node: Locator) => (await node.locator('.lg-box').boundingBox())!;
const inside = (box: Box, frame: Box) =>
  box.x >= frame.x - 0.5 && box.y >= frame.y - 0.5 && box.x + box.width <= frame.x + frame.width + 0.5 && box.y + box.height <= frame.y + frame.height + 0.5;
/** The viewport's visible area on the page: inside its border, without its scrollbars. */
const scrollport = () => viewport.evaluate((element) => {
  const box = element.getBoundingClientRect();
  return { x: box.x + element.clientLeft, y: box.y + element.clientTop, width: element.clientWidth, height: element.clientHeight };
});
const inView = async (node: Locator) => inside(await boxOf(node), await scrollport());
/** Waits for the zoom readout to move away from a level, so a zoom has been applied. */
const zoomLeaves = async (level: string) => expect(zoom).not.toHaveText(level);

test('Fit keeps titles readable, cuts long ones with an ellipsis, and leaves nothing past the right edge', async () => {
  await button('Fit').click();
  // every title as drawn: its font size times the scale the SVG puts on it
  const titlePx = await graph.locator('.lg-title').evaluateAll((titles) =>
    titles.map((title) => parseFloat(getComputedStyle(title).fontSize) * (title as SVGGraphicsElement).getScreenCTM()!.a));
  expect(titlePx).toHaveLength(48);
  expect(Math.min(...titlePx)).toBeGreaterThanOrEqual(MIN_LABEL_PX - 0.01);
  await expect(zoom).toHaveText(/^(9[2-9]|100)%$/);

  // a title too long for its node is cut inside the node, and its tooltip has all of it
  const overflow = await graph.locator('.lg-node').evaluateAll((nodes) => nodes.map((node) => {
    const box = Number(node.querySelector('.lg-box')!.getAttribute('width'));
    const texts = [...node.querySelectorAll('text')] as SVGTextContentElement[];
    return Math.max(...texts.map((text) => Number(text.getAttribute('x')) + text.getComputedTextLength())) - box;
  }));
  expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
  const longAsset = graph.locator('[data-node-id="asset:r-lg-1/lg-1-1"]');
  await expect(longAsset.locator('.lg-title')).toHaveText(/^WWW MMM .*…$/);
  await expect(longAsset.locator('title')).toContainText('WWW MMM Spring Poster Extravaganza With A Title Nobody Can Fit 1');

  // the graph is taller than the pane at a readable size: it grows downwards into a scroll area,
  // never sideways: no node reaches past the visible area's right edge
  const area = await viewport.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
  expect(area.scrollWidth).toBeLessThanOrEqual(area.clientWidth);
  expect(area.scrollHeight).toBeGreaterThan(area.clientHeight);
  const port = await scrollport();
  const rights = await graph.locator('.lg-box').evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().right));
  expect(Math.max(...rights)).toBeLessThanOrEqual(port.x + port.width);
  await page.screenshot({ path: `${SCREENS}/lineage-graph-fit.png` });
});

test('the rest of the graph is a scroll away: keys, focus and scrolling reach every node', async () => {
  const last = graph.locator('[data-node-id="action:e-u8"]');
  const first = graph.locator('[data-node-id="retrieval:r-lg-1"]');
  expect(await inView(last)).toBe(false);

  await viewport.press('End');
  await expect.poll(() => inView(last)).toBe(true);
  expect(await inView(first)).toBe(false);
  await page.screenshot({ path: `${SCREENS}/lineage-graph-end.png` });
  await viewport.press('Home');
  await expect.poll(() => inView(first)).toBe(true);

  // Tab (focus) onto a node out of view scrolls the graph to it, not the page
  await last.focus();
  await expect.poll(() => inView(last)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // the right-most node of all, scrolled to, is whole on screen
  await button('Fit').click();
  const rightMost = await graph.locator('.lg-node').evaluateAll((nodes) => nodes
    .map((node) => ({ id: node.getAttribute('data-node-id')!, right: node.getBoundingClientRect().right, bottom: node.getBoundingClientRect().bottom }))
    .sort((a, b) => b.right - a.right || b.bottom - a.bottom)[0].id);
  const node = graph.locator(`[data-node-id="${rightMost}"]`);
  await node.scrollIntoViewIfNeeded();
  await expect.poll(() => inView(node)).toBe(true);
});

/** Every text of the graph as drawn on screen: its computed font size times the SVG's current scale; hidden texts left out. */
const shownTextPx = () => graph.locator('svg.lg-svg text').evaluateAll((texts) => texts
  .filter((text) => getComputedStyle(text).display !== 'none' && text.getBoundingClientRect().height > 0)
  .map((text) => ({ kind: text.getAttribute('class'), px: parseFloat(getComputedStyle(text).fontSize) * (text as SVGGraphicsElement).getScreenCTM()!.a })));

test('every text of the graph (titles, subtitles, badges, edge labels) is at least 11 px on screen at every zoom', async () => {
  const seen = new Set<string | null>();
  const check = async (where: string) => {
    const texts = await shownTextPx();
    for (const text of texts) seen.add(text.kind);
    const small = texts.filter((text) => text.px < MIN_LABEL_PX - 0.01);
    expect(small, `${where}: ${(await zoom.textContent()) ?? ''}`).toEqual([]);
    return texts.length;
  };
  await button('100%').click();
  await expect(zoom).toHaveText('100%');
  expect(await check('100%')).toBeGreaterThan(0);
  await button('Fit').click();
  expect(await check('Fit')).toBeGreaterThan(0);
  // out step by step to the smallest zoom: text is either at least 11 px or not drawn at all
  for (let step = 0; step < 16; step++) {
    const level = (await zoom.textContent())!;
    await button('Zoom out').click();
    if (level !== '4%') await zoomLeaves(level);
    await check(`zoom out ${step + 1}`);
  }
  await expect(graph.locator('svg.lg-svg')).toHaveClass(/lg-far/);
  expect(await shownTextPx()).toEqual([]);
  for (let step = 0; step < 20; step++) {
    const level = (await zoom.textContent())!;
    await button('Zoom in').click();
    if (level !== '300%') await zoomLeaves(level);
    await check(`zoom in ${step + 1}`);
  }
  await page.mouse.move(0, 0);
  await button('Fit').click();
  expect(await check('Fit again')).toBeGreaterThan(0);
  expect([...seen].sort()).toEqual(expect.arrayContaining(['lg-edge-label', 'lg-subtitle', 'lg-title']));
  await page.screenshot({ path: `${SCREENS}/lineage-graph-text-fit.png` });
});

test('the wheel zooms about the pointer: the point under it stays put', async () => {
  await button('Fit').click();
  const node = graph.locator('[data-node-id="asset:r-lg-1/lg-1-2"]');
  const before = await boxOf(node);
  const pointer = { x: before.x + before.width * 0.3, y: before.y + before.height * 0.7 };
  const level = (await zoom.textContent())!;
  await page.mouse.move(pointer.x, pointer.y);
  await page.mouse.wheel(0, -300);
  await zoomLeaves(level);
  const after = await boxOf(node);
  expect(after.width).toBeGreaterThan(before.width * 1.2);
  // the same spot of the node (30% across, 70% down) is still under the pointer
  expect(Math.abs(after.x + after.width * 0.3 - pointer.x)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(after.y + after.height * 0.7 - pointer.y)).toBeLessThanOrEqual(1.5);
});

test('buttons and keys zoom about the selected node; 100% and the zoom level are always there', async () => {
  await button('Fit').click();
  const node = graph.locator('[data-node-id="asset:r-lg-2/lg-2-1"]');
  await node.click();
  await expect(page.getByRole('region', { name: 'Selected node' })).toBeVisible();
  const center = async () => {
    const box = await boxOf(node);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const before = await center();

  let level = (await zoom.textContent())!;
  await button('Zoom in').click();
  await zoomLeaves(level);
  let now = await center();
  expect(Math.abs(now.x - before.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(now.y - before.y)).toBeLessThanOrEqual(1);

  level = (await zoom.textContent())!;
  await viewport.press('-');
  await zoomLeaves(level);
  now = await center();
  expect(Math.abs(now.x - before.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(now.y - before.y)).toBeLessThanOrEqual(1);

  await button('100%').click();
  await expect(zoom).toHaveText('100%');
  now = await center();
  expect(Math.abs(now.x - before.x)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SCREENS}/lineage-graph-selected-100.png` });
});
