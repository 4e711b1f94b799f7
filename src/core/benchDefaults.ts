/**
 * The benchmark's and the share link's defaults, without the code that reads and checks them
 * (core/bench.ts, core/share.ts, which re-export these): the store's initial state needs only these,
 * so the schemas and codecs load with the benchmark (issue #47: the lesson's first load).
 */
import type { ShareChoice } from './share';

export const kDefaultSweepSizes = [64, 128, 256, 512, 1024, 2048, 4096, 1000, 1023, 1025] as const;

/** The default: vendor and architecture, browser and engine; no description, limits or features; no label. */
export const kDefaultShareChoice: ShareChoice = { include: { description: false, limits: false, features: false }, label: '' };
