import { expect, type Locator, type Page } from '@playwright/test';

/** The tile map and the phase stepper (visualisation of the last tiled run), through their test ids. */
export class TileMapPage {
  constructor(readonly page: Page) {}

  get map(): Locator {
    return this.page.getByTestId('tile-map');
  }
  get stepper(): Locator {
    return this.page.getByTestId('phase-stepper');
  }
  get formula(): Locator {
    return this.page.getByTestId('formula');
  }
  get label(): Locator {
    return this.page.getByTestId('phase-label');
  }

  cell(ty: number, tx: number): Locator {
    return this.page.getByTestId(`tile-cell-${ty}-${tx}`);
  }
  lane(which: 'a' | 'b', y: number, x: number): Locator {
    return this.page.getByTestId(`lane-${which}-${y}-${x}`);
  }
  cSlot(y: number, x: number): Locator {
    return this.page.getByTestId(`c-slot-${y}-${x}`);
  }

  /** Wait until the map is drawn from a finished record of the given source ('gpu' or 'cpu'). */
  async expectRecorded(source: 'gpu' | 'cpu' = 'gpu'): Promise<void> {
    await expect(this.map).toHaveAttribute('data-source', source);
    await expect(this.map).toHaveAttribute('data-trace-status', 'done');
  }

  async select(ty: number, tx: number): Promise<void> {
    await this.cell(ty, tx).click();
    await expect(this.cell(ty, tx)).toHaveAttribute('aria-selected', 'true');
  }

  async next(times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.getByTestId('phase-next').click();
  }
  async prev(times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.getByTestId('phase-prev').click();
  }
  /** Jump to a step (0-based) with the slider. */
  async goTo(step: number): Promise<void> {
    await this.page.getByTestId('phase-slider').fill(String(step));
  }

  async setBounds(on: boolean): Promise<void> {
    const t = this.page.getByTestId('toggle-bounds');
    if (on) await t.check();
    else await t.uncheck();
  }
}
