/** The registered kernels' ids, in ladder order (the WGSL and launch plans live in gpu/kernels.ts). */
export const kKernelIdList = ['naive', 'tiled', 'reg4x4', 'reg8x8'] as const;
export type KernelId = (typeof kKernelIdList)[number];
