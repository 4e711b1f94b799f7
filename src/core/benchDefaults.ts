/**
 * The benchmark's and the share link's defaults, without the code that reads and checks them
 * (core/bench.ts, core/share.ts, which re-export these): the store's initial state needs only these,
 * so the schemas and codecs load with the benchmark (issue #47: the lesson's first load).
 */

export const kDefaultSweepSizes = [64, 128, 256, 512, 1024, 2048, 4096, 1000, 1023, 1025] as const;

/**
 * The device fields a sender may leave out of a link. Vendor, architecture, browser and engine
 * always travel (a comparison means nothing without them); these reveal more of one machine.
 */
export const kWithholdable = ['description', 'limits', 'features'] as const;
export type Withholdable = (typeof kWithholdable)[number];

/** What a link reveals, as the sender chose: the optional device fields, and a label. */
export interface ShareChoice {
  readonly include: Readonly<Record<Withholdable, boolean>>;
  readonly label: string;
}

/** The default: vendor and architecture, browser and engine; no description, limits or features; no label. */
export const kDefaultShareChoice: ShareChoice = { include: { description: false, limits: false, features: false }, label: '' };
