/**
 * The practice checker's constants, apart from the parser (wgsl.ts), so that the exercise registry and
 * the link reader, which the first screen loads, do not pull the WGSL parser into the entry chunk.
 */
/** The longest code the app checks, keeps in a link or shares (characters); longer code is refused before it is read. */
export const kMaxCodeChars = 16 * 1024;

/** Flags the checked run raises (indices into the flag buffer). */
export const kFlag = { budget: 0, readA: 1, readB: 2, writeC: 3 } as const;
export const kFlagCount = 4;


/** The uniform the prelude declares, as 32-bit words (see `uniformWords`); its buffer is 80 bytes. */
export const kUniformWords = 20;

export interface PreludeConstants {
  readonly tile: number;
  readonly wg: number;
}

/** Kinds of trace records (the low 4 bits of a record's first word; core/practice/instrument.ts). */
/** `wgAtomic`: an atomic read-modify-write that commutes with another (atomicAdd … atomicXor): two of them never race; atomicLoad is a read, atomicStore, atomicExchange and atomicCompareExchangeWeak writes. */
export const kRec = { wgRead: 1, wgWrite: 2, readA: 3, readB: 4, storeC: 5, wgAtomic: 6 } as const;

/** Words per trace record: [kind | var << 4 | oob << 9 | site << 10, epoch, address, length]. */
export const kRecordWords = 4;
/** Words at the head of each invocation's slot: [records made, barriers passed]. */
export const kSlotHeadWords = 2;
