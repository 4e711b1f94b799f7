/** The words of the header, the navigation and the views' frames (one place, for translation later). */
import type { View } from '../../core/url';

export const kAppText = {
  title: 'Tiles',
  tagline:
    'Tiles runs matrix multiplication on your own GPU through WebGPU, checks every result against a CPU reference and shows how the tiled kernel of cuda-samples matrixMul and PMPP chapter 4 works: pick an example, press Run.',
  nav: 'Views',
  skip: 'Skip to the main action',
  footer: 'Results stay in this tab; nothing is sent anywhere. The address bar links to this view and this configuration.',
  loading: 'Loading…',
} as const;

/** Each view's name in the navigation and its heading. */
export const kViewText: Record<View, { readonly nav: string; readonly heading: string }> = {
  lesson: { nav: 'Lesson', heading: 'How the tiled kernel works' },
  ladder: { nav: 'Kernel ladder', heading: 'The kernel ladder and the tuner' },
  bench: { nav: 'Benchmark', heading: 'Benchmark sweep' },
  shared: { nav: 'Shared results', heading: 'Shared results' },
  dot: { nav: 'Dot product', heading: 'The shared-memory dot product' },
  partitions: { nav: 'Partitions', heading: 'Strips and checkerboard' },
};

/** The order of the navigation. */
export const kNavViews: readonly View[] = ['lesson', 'ladder', 'partitions', 'dot', 'bench', 'shared'];
