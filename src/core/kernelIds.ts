/** The registered kernels' ids (the WGSL and launch plans live in gpu/kernels.ts). */
export const kKernelIdList = ['naive', 'tiled', 'reg4x4', 'reg8x8', 'reg8x8v', 'reg8x8db', 'reg16x8', 'reg16x8v', 'subgroup', 'strip'] as const;
export type KernelId = (typeof kKernelIdList)[number];
/** The rungs of the speed ladder, in order. */
export const kLadderIds = ['naive', 'tiled', 'reg4x4', 'reg8x8', 'reg8x8v', 'reg8x8db', 'reg16x8', 'reg16x8v', 'subgroup'] as const satisfies readonly KernelId[];
/** Rows of C per workgroup of the strip kernel. */
export const kStripBand = 4;
