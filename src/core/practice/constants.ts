/**
 * The practice checker's constants, apart from the parser (wgsl.ts), so that the exercise registry and
 * the link reader, which the first screen loads, do not pull the WGSL parser into the entry chunk.
 */
/** The longest code the app checks, keeps in a link or shares (characters); longer code is refused before it is read. */
export const kMaxCodeChars = 16 * 1024;

/** Flags the checked run raises (indices into the flag buffer). */
export const kFlag = { budget: 0, readA: 1, readB: 2, writeC: 3 } as const;
export const kFlagCount = 4;

/** Counters per invocation: global reads, barriers, loop iterations. */
export const kCountersPerInvocation = 3;

/** The uniform the prelude declares, as 32-bit words (see `uniformWords`); its buffer is 64 bytes. */
export const kUniformWords = 16;

export interface PreludeConstants {
  readonly tile: number;
  readonly wg: number;
}
