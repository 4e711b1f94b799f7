/** 简体中文 of the 'viz' namespace: the same keys as locales/en/viz.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { viz as en } from '../en/viz';

export const viz: Catalogue<typeof en> = {};
