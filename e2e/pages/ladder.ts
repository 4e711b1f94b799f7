import { expect, type Locator, type Page } from '@playwright/test';

/** Every rung of the kernel ladder, and the tuner / auto panel inside it. */
export class LadderPage {
  constructor(readonly page: Page) {}

  rung(id: string): Locator {
    return this.page.getByTestId(`ladder-${id}`);
  }

  /**
   * Run every rung that can run here and wait until each of them has a final status from this run
   * (data-run changes with every run); returns the ids that ran. Rungs marked n/a do not run.
   */
  async runAll(ids: readonly string[]): Promise<string[]> {
    const runnable: string[] = [];
    const before: Record<string, string | null> = {};
    for (const id of ids) {
      if ((await this.rung(id).getAttribute('data-status')) === 'n/a') continue;
      runnable.push(id);
      before[id] = await this.rung(id).getAttribute('data-run');
    }
    await this.page.getByTestId('ladder-run').click();
    for (const id of runnable) {
      await expect(this.rung(id), id).not.toHaveAttribute('data-run', before[id] ?? '__none__');
      await expect(this.rung(id), id).toHaveAttribute('data-status', /^(verified|mismatch|error)$/);
    }
    return runnable;
  }

  /** Each rung's status as shown (idle, running, verified, mismatch, error, n/a). */
  async statuses(ids: readonly string[]): Promise<Record<string, string | null>> {
    const out: Record<string, string | null> = {};
    for (const id of ids) out[id] = await this.rung(id).getAttribute('data-status');
    return out;
  }

  get autoChoice(): Locator {
    return this.page.getByTestId('auto-choice');
  }
  get autoResult(): Locator {
    return this.page.getByTestId('auto-result');
  }
  get tuneStatus(): Locator {
    return this.page.getByTestId('tune-status');
  }
  get tuneRows(): Locator {
    return this.page.getByTestId('tune-row');
  }
  async runAuto(): Promise<void> {
    await this.page.getByTestId('run-auto').click();
  }
}
