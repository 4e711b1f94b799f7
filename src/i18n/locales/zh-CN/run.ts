/** 简体中文 of the 'run' namespace: the same keys as locales/en/run.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { run as en } from '../en/run';

export const run: Catalogue<typeof en> = {};
