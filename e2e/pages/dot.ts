import { expect, type Locator, type Page } from '@playwright/test';

/** The dot-product view: inputs, the run, the result and the reduction stepper. */
export class DotPage {
  constructor(readonly page: Page) {}

  get result(): Locator {
    return this.page.getByTestId('dot-result');
  }
  get stepLabel(): Locator {
    return this.page.getByTestId('dot-step-label');
  }
  cell(t: number): Locator {
    return this.page.getByTestId(`dot-cell-${t}`);
  }
  activeCells(): Locator {
    return this.page.locator('[data-testid^="dot-cell-"][data-active="true"]');
  }

  async set(opts: { workgroupSize?: number; maxWorkgroups?: number; pattern?: 'closed-form' | 'random'; gpuFinal?: boolean }): Promise<void> {
    if (opts.workgroupSize !== undefined) await this.page.getByTestId('dot-wg').selectOption(String(opts.workgroupSize));
    if (opts.maxWorkgroups !== undefined) await this.page.getByTestId('dot-maxwg').fill(String(opts.maxWorkgroups));
    if (opts.pattern !== undefined) await this.page.getByTestId('dot-pattern').selectOption(opts.pattern);
    if (opts.gpuFinal !== undefined) await this.page.getByTestId('dot-gpu-final').setChecked(opts.gpuFinal);
  }

  /** Run and wait for a final status; returns it. */
  async run(): Promise<string | null> {
    await this.page.getByTestId('dot-run').click();
    await expect(this.result).toHaveAttribute('data-status', /^(verified|mismatch|error)$/);
    return this.result.getAttribute('data-status');
  }

  async next(times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.getByTestId('dot-step-next').click();
  }
  async prev(times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.getByTestId('dot-step-prev').click();
  }
}
