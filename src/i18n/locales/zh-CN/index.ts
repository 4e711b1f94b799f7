/** The 简体中文 catalogue: the same namespaces and keys as the English one (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { en } from '../en';
import { bench } from './bench';
import { board } from './board';
import { common } from './common';
import { practice } from './practice';
import { probes } from './probes';
import { pwa } from './pwa';
import { run } from './run';
import { viz } from './viz';

export const zhCN: Catalogue<typeof en> = { common, run, viz, bench, pwa, practice, probes, board };
export default zhCN;
