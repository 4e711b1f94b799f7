/** The English catalogue: one namespace per part of the app (each namespace in its own file). */
import { bench } from './bench';
import { board } from './board';
import { common } from './common';
import { practice } from './practice';
import { probes } from './probes';
import { pwa } from './pwa';
import { run } from './run';
import { viz } from './viz';

export const en = { common, run, viz, bench, pwa, practice, probes, board } as const;
export default en;
