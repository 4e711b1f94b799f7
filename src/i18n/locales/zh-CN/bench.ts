/** 简体中文 of the 'bench' namespace: the same keys as locales/en/bench.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { bench as en } from '../en/bench';

export const bench: Catalogue<typeof en> = {};
