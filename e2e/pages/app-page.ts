import { expect, type Browser, type Locator, type Page, type Request } from '@playwright/test';
import { SAMPLE_LOGS_DIR, sampleLogPath } from '../../app/ingest/sample-logs-path';

export const SAMPLE_DIR = SAMPLE_LOGS_DIR;
export const samplePath = sampleLogPath;

/** What a file input takes: paths, or files made in the test. */
type InputFiles = Parameters<Locator['setInputFiles']>[0];

/** The screens' links, as the navigation names them. */
export type ScreenName = 'Overview' | 'Metrics' | 'Compare' | 'Sessions' | 'Lineage' | 'Questions' | 'Annotate' | 'Review' | 'Agreement'
  | 'Gate & feedback' | 'Rejected rows';

/** The app as a user meets it: the load bar, the status line, the screens. Tests speak through it. */
export class AppPage {
  readonly outsideRequests: string[] = [];

  constructor(readonly page: Page) {
    page.on('request', (request: Request) => {
      const url = request.url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      if (new URL(url).origin !== new URL(page.url() === 'about:blank' ? url : page.url()).origin) this.outsideRequests.push(url);
    });
  }

  /** A page of its own, opened on the app: for a file of tests that share one loaded page. */
  static async openNew(browser: Browser, query = ''): Promise<AppPage> {
    const app = new AppPage(await browser.newPage());
    await app.open(query);
    return app;
  }

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await this.idle();
  }

  /** The app marks its phase on <body>; waiting on it means never sleeping. */
  async idle() {
    await expect(this.page.locator('body')).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    // and the dataset kept in the browser's storage (it is kept in the background after a load)
    await expect(this.page.locator('body')).not.toHaveAttribute('data-keeping', /.*/, { timeout: 60_000 });
  }

  /** The app's status line (a screen may have status regions of its own, such as a graph laying out). */
  status() {
    return this.page.getByTestId('status-line');
  }

  /** Opens sample files; with logs loaded, answers the add-or-replace question (`add` by default). */
  async loadFiles(...names: string[]) {
    await this.openFiles(names.map(samplePath));
  }

  /**
   * Picks files as a user would (paths, or files the test made as `{ name, mimeType, buffer }`);
   * with logs loaded, answers the add-or-replace question. Waits until the load ended and the
   * dataset is kept: counting ended loads, since a short load's phase can pass between two looks.
   */
  async openFiles(files: InputFiles, answer: 'add' | 'replace' = 'add') {
    const ended = await this.loadsEnded();
    const loaded = /^(Loaded|Restored)/.test((await this.status().textContent()) ?? '');
    await this.page.getByLabel('Open log files').setInputFiles(files);
    if (loaded) await this.answerOpen(answer);
    await this.untilLoadEnded(ended);
  }

  /**
   * Picks files the test made (a name and its bytes) on an empty app, as a user would pick them,
   * and waits until they are read; `whileLoading` runs once the app says it is loading.
   */
  async pickMadeFiles(files: { name: string; bytes: Uint8Array | string; mimeType?: string }[], whileLoading?: () => Promise<void>) {
    const ended = await this.loadsEnded();
    await this.page.getByLabel('Open log files').setInputFiles(
      files.map(({ name, bytes, mimeType }) => ({ name, mimeType: mimeType ?? 'application/octet-stream', buffer: Buffer.from(bytes) })),
    );
    if (whileLoading) {
      await expect(this.page.locator('body')).toHaveAttribute('data-phase', 'loading');
      await whileLoading();
    }
    await this.untilLoadEnded(ended);
  }

  private async loadsEnded(): Promise<number> {
    return Number((await this.page.locator('body').getAttribute('data-loads-ended')) ?? 0);
  }

  private async untilLoadEnded(before: number) {
    await expect.poll(() => this.loadsEnded(), { timeout: 120_000, message: 'the load ends' }).toBeGreaterThan(before);
    await this.idle();
  }

  /** The dialog that asks, with logs loaded, whether opened files add to them or replace them. */
  openChoice() {
    return this.page.getByRole('dialog', { name: 'Add to the loaded logs, or replace them?' });
  }

  async answerOpen(answer: 'add' | 'replace') {
    await this.openChoice().getByRole('button', { name: answer === 'add' ? 'Add to the loaded logs' : 'Replace them' }).click();
  }

  /** Goes to a view inside the app, as a link would: no reload (the loaded logs live in this tab). */
  async goToView(search: string) {
    await this.page.evaluate((href) => {
      window.history.pushState(null, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, search);
  }

  async goTo(screen: ScreenName) {
    await this.page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: new RegExp(`^${screen}`) }).click();
  }
}
