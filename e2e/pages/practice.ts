import { expect, type Locator, type Page } from '@playwright/test';

/** The practice view: the exercise list, the editor, Run and the verdict. */
export class PracticePage {
  constructor(readonly page: Page) {}

  get editor(): Locator {
    return this.page.getByTestId('exercise-editor');
  }
  get verdict(): Locator {
    return this.page.getByTestId('exercise-verdict');
  }

  async open(id: string): Promise<void> {
    await this.page.getByTestId(`exercise-${id}`).click();
    await expect(this.page.getByTestId(`exercise-${id}`)).toHaveAttribute('aria-current', 'step');
  }

  /** The editor's lines, joined with newlines (CodeMirror draws one element per line). */
  async code(): Promise<string> {
    return (await this.editor.locator('.cm-line').allTextContents()).join('\n');
  }

  /** Replace the editor's text, as a learner pasting it would. */
  async setCode(code: string): Promise<void> {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.editor.evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    await expect.poll(() => this.code()).toBe(code);
  }

  /** Press Run and wait for a new verdict; returns its status. */
  async run(): Promise<string | null> {
    const button = this.page.getByTestId('exercise-run');
    const before = Number(await button.getAttribute('data-runs'));
    await button.click();
    await expect(button).toHaveAttribute('data-runs', String(before + 1), { timeout: 60_000 });
    await expect(this.verdict).toHaveAttribute('data-seq', String(before + 1));
    return this.verdict.getAttribute('data-status');
  }
}
