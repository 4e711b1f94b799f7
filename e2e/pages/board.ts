import { expect, type Locator, type Page } from '@playwright/test';

/** The class board: paste links, check them, read the rows, the mistakes and the refusals. */
export class BoardPage {
  constructor(readonly page: Page) {}

  rows(): Locator {
    return this.page.getByTestId('board-row');
  }
  /** The rows of one exercise (not refused). */
  rowsOf(ex: string): Locator {
    return this.page.locator(`[data-testid="board-row"][data-exercise="${ex}"]`);
  }
  refused(): Locator {
    return this.page.locator('[data-testid="board-row"]:not([data-bad=""])');
  }
  mistakes(): Locator {
    return this.page.getByTestId('board-mistake');
  }

  async paste(text: string): Promise<void> {
    await this.page.getByTestId('board-input').fill(text);
    await this.page.getByTestId('board-add').click();
  }

  /** Check every entry and wait until the run is done. */
  async run(timeout = 240_000): Promise<void> {
    await this.page.getByTestId('board-run').click();
    await expect(this.page.getByTestId('board-progress')).toHaveAttribute('data-status', 'done', { timeout });
  }
}
