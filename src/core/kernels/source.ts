/**
 * A kernel's WGSL, loaded when first needed (issue #47): each `shaders/…wgsl` is a `?raw` import
 * behind a dynamic import, so a view fetches only the kernels it uses (the lesson its two, the
 * ladder its rungs) and the GPU code loads the rest before it builds a pipeline
 * (gpu/pipelines.ts matmulPipeline). `text()` is the source once loaded; before that it throws,
 * naming the file: a caller that reads code must first `load()` (or core/kernels loadKernelSources).
 */
export class WgslSource {
  private loaded?: string;
  private loading?: Promise<string>;

  constructor(
    /** The file's name, as the lesson shows it (tiled16.wgsl). */
    readonly file: string,
    private readonly importer: () => Promise<{ default: string }>,
  ) {}

  /** Load the source (once; a failed load may be tried again). */
  load(): Promise<string> {
    if (this.loaded !== undefined) return Promise.resolve(this.loaded);
    this.loading ??= this.importer().then(
      (m) => (this.loaded = m.default),
      (e: unknown) => {
        this.loading = undefined;
        throw e;
      },
    );
    return this.loading;
  }

  /** Whether the source is loaded. */
  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  /** The source; throws when it has not been loaded. */
  text(): string {
    if (this.loaded === undefined) throw new Error(`${this.file} is not loaded yet (core/kernels loadKernelSources)`); // i18n-exempt: a programmer's assertion
    return this.loaded;
  }
}

/** A WGSL file loaded on demand: `wgsl('naive.wgsl', () => import('../../../shaders/naive.wgsl?raw'))`. */
export const wgsl = (file: string, importer: () => Promise<{ default: string }>): WgslSource => new WgslSource(file, importer);
