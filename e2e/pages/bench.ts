import { expect, type Locator, type Page } from '@playwright/test';

/** The benchmark sweep: inputs, progress, chart, table, share link. */
export class BenchPage {
  constructor(readonly page: Page) {}

  get progress(): Locator {
    return this.page.getByTestId('bench-progress');
  }
  get table(): Locator {
    return this.page.getByTestId('bench-table');
  }
  get chart(): Locator {
    return this.page.getByTestId('bench-chart');
  }
  get shareLink(): Locator {
    return this.page.getByTestId('share-link');
  }
  rows(): Locator {
    return this.table.locator('tbody tr');
  }

  /** Unfold the kernel list (folded under its summary on the first screen). */
  async openKernels(): Promise<void> {
    const list = this.page.getByTestId('bench-kernels');
    if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
  }

  async setKernel(id: string, on: boolean): Promise<void> {
    await this.openKernels();
    const box = this.page.getByTestId(`bench-kernel-${id}`);
    if (on) await box.check();
    else await box.uncheck();
  }

  async start(): Promise<void> {
    await this.page.getByTestId('bench-start').click();
  }

  /** Start and wait for the sweep to end as `status` (done by default). */
  async run(status: 'done' | 'cancelled' | 'error' = 'done'): Promise<void> {
    await this.start();
    await expect(this.progress).toHaveAttribute('data-status', status);
  }

  async cancel(): Promise<void> {
    await this.page.getByTestId('bench-cancel').click();
  }

  /** The table rows as text (whitespace collapsed), for comparing two pages. */
  async tableText(): Promise<string[]> {
    return this.rows().evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }
}
