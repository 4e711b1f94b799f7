/**
 * Words for the data and the check, kept apart from data.ts and reference.ts: the CPU worker
 * (core/worker) uses those two and so carries no catalogue of words; what a person reads is said
 * here, on the page, in the language in use.
 */
import type { Clock } from '../core/clock';
import type { Pattern } from '../core/data';
import type { Preset } from '../core/presets';
import type { SampledEntries } from '../core/reference';
import { language, num, said, say, t, type Said } from './index';

/** Each pattern in words, in the language in use when read (getters). */
export const kPatternLabels: Readonly<Record<Pattern, string>> = {
  get random() {
    return t('common:pattern.random');
  },
  get integers() {
    return t('common:pattern.integers');
  },
  get ones() {
    return t('common:pattern.ones');
  },
  get identity() {
    return t('common:pattern.identity');
  },
};

/** How the checked entries were chosen: all of them, or a sample of corner and edge entries and random ones. */
export interface HowChecked {
  readonly full: boolean;
  readonly sampled?: SampledEntries;
}

/** How the entries were chosen, in words, in the language in use now. */
export function howChecked(v: HowChecked): string {
  return say(howCheckedSaid(v));
}

/** howChecked as data (a Said), for what stays on screen across a language switch. */
export function howCheckedSaid(v: HowChecked): Said {
  if (v.full || !v.sampled) return said('common:check.every');
  return said('common:check.sampled', { structured: num(v.sampled.structured), random: num(v.sampled.random) });
}

/** The clock in words, as a result card says it (in the language in use when read: getters). */
export const kClockLabels: Readonly<Record<Clock, string>> = {
  get 'gpu-timestamp'() {
    return t('common:clock.gpuTimestamp');
  },
  get 'wall-clock'() {
    return t('common:clock.wallClock');
  },
};

/** A preset's button words, in the language in use. */
export const presetLabel = (p: Preset): string => t(`common:preset.${p.key}.label`);
/** Where a preset comes from (the button's title), in the language in use. */
export const presetSource = (p: Preset): string => t(`common:preset.${p.key}.source`);

/**
 * What goes between two sentences put side by side: a space in English; nothing in Chinese, whose
 * full stop “。” carries its own space (issue #34: “。 下一步” had a stray one).
 */
export function sentenceGap(): string {
  return /^(zh|ja)\b/.test(language()) ? '' : ' ';
}
