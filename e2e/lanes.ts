import type { Page } from '@playwright/test';

/** A lane of the stepper as drawn: its text, value, and whether the text leaves its cell. */
export interface LaneFit {
  readonly id: string;
  readonly text: string;
  readonly value: number;
  readonly clipped: boolean;
}

/**
 * Every lane of the stepper (lane-a-*, lane-b-*, c-slot-*): the text it shows, its value, and
 * whether the text is clipped, judged two ways: the cell's scroll size against its client size,
 * and the bounding box of its text against the cell's box.
 */
export async function laneFits(page: Page): Promise<LaneFit[]> {
  return page.evaluate(() => {
    const out: { id: string; text: string; value: number; clipped: boolean }[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="lane-a-"], [data-testid^="lane-b-"], [data-testid^="c-slot-"]'))) {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const t = range.getBoundingClientRect();
      const text = (el.textContent ?? '').trim();
      const overflow = el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5;
      const outside = text !== '' && (t.left < box.left - 0.5 || t.right > box.right + 0.5 || t.top < box.top - 0.5 || t.bottom > box.bottom + 0.5);
      out.push({ id: el.dataset.testid ?? '', text, value: Number(el.dataset.value), clipped: overflow || outside });
    }
    return out;
  });
}

/** The number a lane prints (its last word: the value comes after the element label). */
export function printedNumber(text: string): string {
  const m = /(-?\d+(?:\.\d+)?(?:e-?\d+)?|-?∞|NaN)(?: ✗ wrong)?$/.exec(text);
  return m ? m[1]! : '';
}
