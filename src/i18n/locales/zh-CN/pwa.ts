/** 简体中文 of the 'pwa' namespace: the same keys as locales/en/pwa.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { pwa as en } from '../en/pwa';

export const pwa: Catalogue<typeof en> = {};
