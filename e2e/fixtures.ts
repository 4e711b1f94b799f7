import { test as base, expect, type Page, type Locator } from '@playwright/test';
import { BenchPage } from './pages/bench';
import { DotPage } from './pages/dot';
import { LadderPage } from './pages/ladder';
import { TileMapPage } from './pages/tileMap';
import { kViewPages, type View } from './views';

/**
 * Hooks requestDevice before the page loads: every device the app creates is kept in
 * window.__devices and reports its uncaptured errors into window.__gpuErrors.
 */
export async function spyOnDevices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __gpuErrors: string[]; __devices: GPUDevice[] };
    w.__gpuErrors = [];
    w.__devices = [];
    const proto = (globalThis as unknown as { GPUAdapter?: { prototype: GPUAdapter } }).GPUAdapter?.prototype;
    if (!proto) return;
    const original = proto.requestDevice;
    proto.requestDevice = async function (this: GPUAdapter, desc?: GPUDeviceDescriptor) {
      const device = await original.call(this, desc);
      w.__devices.push(device);
      device.addEventListener('uncapturederror', (ev) => {
        w.__gpuErrors.push((ev as GPUUncapturedErrorEvent).error.message);
      });
      return device;
    };
  });
}

/**
 * Every test fails on any uncaptured WebGPU error, page error or console error (spyOnDevices
 * collects the uncaptured errors of every device the app creates).
 */
export const test = base.extend<{ app: AppPage }>({
  app: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    await spyOnDevices(page);
    await use(new AppPage(page));
    const gpuErrors = await page.evaluate(() => (window as unknown as { __gpuErrors?: string[] }).__gpuErrors ?? []).catch(() => []);
    expect([...problems, ...gpuErrors.map((e) => `uncaptured GPU error: ${e}`)], 'no uncaptured GPU, page or console errors').toEqual([]);
  },
});
export { expect };

/** The kernels with a result card (the buttons of the problem panel). */
export type KernelId = 'naive' | 'tiled';
export interface ShapeSpec {
  m: number;
  k: number;
  n: number;
}

/**
 * Page object for the matmul app, driven only through the data-testid contract; the views have
 * their own page objects (tile map and stepper, ladder, benchmark, dot product).
 */
export class AppPage {
  readonly tileMap: TileMapPage;
  readonly ladder: LadderPage;
  readonly bench: BenchPage;
  readonly dot: DotPage;

  constructor(readonly page: Page) {
    this.tileMap = new TileMapPage(page);
    this.ladder = new LadderPage(page);
    this.bench = new BenchPage(page);
    this.dot = new DotPage(page);
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`./${query}`);
    await expect(this.page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ready');
  }

  /** Open a view through the header navigation (the state stays: same page, a new history entry); returns its page object. */
  async goTo<V extends View>(view: V): Promise<InstanceType<(typeof kViewPages)[V]['pageObject']>> {
    const link = this.page.getByTestId(`nav-${view}`);
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    return new kViewPages[view].pageObject(this.page) as InstanceType<(typeof kViewPages)[V]['pageObject']>;
  }

  /** Destroy the app's current device, as a driver reset would lose it. */
  async destroyDevice(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as { __devices: GPUDevice[] }).__devices.at(-1)?.destroy());
  }

  result(id: KernelId): Locator {
    return this.page.getByTestId(`result-${id}`);
  }

  async setShape(s: ShapeSpec): Promise<void> {
    await this.page.getByTestId('input-m').fill(String(s.m));
    await this.page.getByTestId('input-k').fill(String(s.k));
    await this.page.getByTestId('input-n').fill(String(s.n));
  }

  /** The final status and shape of a card, as shown. */
  async outcome(id: KernelId): Promise<{ status: string | null; shape: string | null; tile: string | null }> {
    const card = this.result(id);
    return { status: await card.getAttribute('data-status'), shape: await card.getAttribute('data-shape'), tile: await card.getAttribute('data-tile') };
  }

  async setTile(t: number): Promise<void> {
    await this.page.getByTestId('select-tile').selectOption(String(t));
  }

  /**
   * Click a run button and wait until every kernel it runs has a final status for a new run, and the
   * run has let go of its lock (the buttons' aria-busy): the last card turns final a moment before
   * the run ends, and a click in that moment is refused as "a run is already going".
   */
  async run(button: 'run-naive' | 'run-tiled' | 'run-both'): Promise<void> {
    const ids: KernelId[] = button === 'run-both' ? ['naive', 'tiled'] : [button === 'run-naive' ? 'naive' : 'tiled'];
    const before = await Promise.all(ids.map((id) => this.result(id).getAttribute('data-run')));
    await expect(this.page.getByTestId(button)).not.toHaveAttribute('aria-busy', 'true');
    await this.page.getByTestId(button).click();
    for (const [i, id] of ids.entries()) {
      await expect(this.result(id)).not.toHaveAttribute('data-run', before[i] ?? '__none__');
      await expect(this.result(id)).toHaveAttribute('data-status', /^(verified|mismatch|error)$/);
    }
    await expect(this.page.getByTestId(button)).not.toHaveAttribute('aria-busy', 'true');
  }
}
