import { expect, type Page, type Request } from '@playwright/test';
import path from 'node:path';

export const SAMPLE_DIR = path.resolve(import.meta.dirname, '../../sample-logs');
export const samplePath = (name: string) => path.join(SAMPLE_DIR, name);

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

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await this.idle();
  }

  /** The app marks its phase on <body>; waiting on it means never sleeping. */
  async idle() {
    await expect(this.page.locator('body')).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  }

  /** The app's status line (a screen may have status regions of its own, such as a graph laying out). */
  status() {
    return this.page.getByTestId('status-line');
  }

  async loadFiles(...names: string[]) {
    await this.page.getByLabel('Open log files').setInputFiles(names.map(samplePath));
    await expect(this.page.locator('body')).toHaveAttribute('data-phase', 'loading');
    await this.idle();
  }

  async goTo(screen: 'Overview' | 'Metrics' | 'Sessions' | 'Lineage' | 'Questions' | 'Gate & feedback' | 'Rejected rows') {
    await this.page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: new RegExp(`^${screen}`) }).click();
  }
}
