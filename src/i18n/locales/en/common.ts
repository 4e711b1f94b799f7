/**
 * English words of the 'common' namespace: the page frame (header, navigation, footer, language
 * switch), the problem controls and their input messages, the GPU panel and page-wide errors.
 */
export const common = {
  app: {
    title: 'Tiles',
    documentTitle: 'Tiles — tiled matrix multiplication on your GPU',
    tagline:
      'Tiles runs matrix multiplication on your own GPU through WebGPU, checks every result against a CPU reference and shows how the tiled kernel of cuda-samples matrixMul and PMPP chapter 4 works: pick an example, press Run.',
    nav: 'Views',
    skip: 'Skip to the main action',
    footer: 'Results stay in this tab; nothing is sent anywhere. The address bar links to this view and this configuration.',
    loading: 'Loading…',
  },
  view: {
    lesson: 'Lesson',
    ladder: 'Kernel ladder',
    bench: 'Benchmark',
    shared: 'Shared results',
    dot: 'Dot product',
    partitions: 'Partitions',
  },
  lang: {
    label: 'Language',
  },
} as const;
