/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { kKernelIds, kKernels } from '../core/kernels';

/** The WGSL that actually runs, for students to read beside the results. */
export function KernelSource() {
  return (
    <section className="panel" aria-labelledby="source-heading">
      <h2 id="source-heading">The kernels</h2>
      {kKernelIds.map((id) => (
        <details key={id}>
          <summary>
            {kKernels[id].label}: shaders/{id}.wgsl — {kKernels[id].summary}
          </summary>
          <pre className="source" tabIndex={0} aria-label={`WGSL source of the ${kKernels[id].label} kernel`}>
            <code>{kKernels[id].source}</code>
          </pre>
        </details>
      ))}
    </section>
  );
}
