/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { clearGpuErrors, initGpu } from '../state/session';
import { useApp } from '../state/store';
import type { GpuInfo } from '../gpu/device';
import { fmtBytes, fmtInt } from './format';

function Limits({ info }: { info: GpuInfo }) {
  const l = info.limits;
  const rows: Array<[string, string]> = [
    ['Max storage buffer binding', fmtBytes(l.maxStorageBufferBindingSize)],
    ['Max buffer size', fmtBytes(l.maxBufferSize)],
    ['Invocations per workgroup', fmtInt(l.maxComputeInvocationsPerWorkgroup)],
    ['Workgroup size x / y', `${fmtInt(l.maxComputeWorkgroupSizeX)} / ${fmtInt(l.maxComputeWorkgroupSizeY)}`],
    ['Workgroup memory', fmtBytes(l.maxComputeWorkgroupStorageSize)],
    ['Workgroups per dimension', fmtInt(l.maxComputeWorkgroupsPerDimension)],
  ];
  return (
    <dl className="limits">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const kErrorText = {
  heading: 'Errors the GPU reported outside any check',
  explain: 'WebGPU reported these outside every error scope: a result around them may not be trustworthy. They are also in the browser console.',
  clear: 'Clear',
} as const;

/** Uncaptured GPU errors of this session, as state (not only in the console). */
function GpuErrors() {
  const errors = useApp((s) => s.gpuErrors);
  if (errors.length === 0) return null;
  return (
    <div className="gpu-errors" data-testid="gpu-errors" data-count={errors.length} role="alert">
      <p>
        <span className="badge bad">{errors.length}</span> <strong>{kErrorText.heading}</strong>
      </p>
      <p className="small">{kErrorText.explain}</p>
      <ul className="small">
        {errors.map((e, i) => (
          <li key={i}>{e.message}</li>
        ))}
      </ul>
      <button type="button" onClick={clearGpuErrors}>
        {kErrorText.clear}
      </button>
    </div>
  );
}

function adapterName(info: GpuInfo): string {
  const parts = [info.vendor, info.architecture, info.description].filter((p) => p && p !== 'unknown');
  return parts.length ? parts.join(' · ') : 'an unnamed adapter (the browser hides its details)';
}

export function GpuStatusPanel() {
  const gpu = useApp((s) => s.gpu);
  return (
    <section className="panel gpu-panel" data-testid="gpu-status" data-state={gpu.state} aria-labelledby="gpu-heading" aria-live="polite">
      <h2 id="gpu-heading">GPU</h2>
      {gpu.state === 'initializing' && <p>Looking for a WebGPU adapter…</p>}
      {gpu.state === 'ready' && (
        <>
          <p>
            <span className="badge ok">✓ Ready</span> {adapterName(gpu.info)}
            {gpu.info.isFallbackAdapter && ' (software fallback: fine for correctness, not for speed)'}
          </p>
          {gpu.info.defaultLimitsOnly && (
            <p>
              <strong>Default limits only</strong> (from <code>?limits=default</code>): this page asked for no limit above the WebGPU defaults, as
              the most limited adapter would give.
            </p>
          )}
          <p>
            Timing clock:{' '}
            {gpu.info.timestampQuery
              ? 'GPU timestamps'
              : 'wall clock around onSubmittedWorkDone (no timestamp-query)'}
          </p>
          <details>
            <summary>Limits and features</summary>
            <Limits info={gpu.info} />
            <p className="small">Features enabled: {gpu.info.features.length ? gpu.info.features.join(', ') : 'none'}.</p>
            <p className="small">Adapter features: {gpu.info.adapterFeatures.join(', ') || 'none'}.</p>
            <p className="small">
              Requested beyond the defaults, up to what the adapter offers: buffer sizes (for large matrices) and 1024
              invocations per workgroup (so a 32×32 tile can run one C element per invocation).
            </p>
          </details>
        </>
      )}
      {gpu.state === 'lost' && (
        <p>
          <span className="badge bad">✗ Lost</span> {gpu.message}{' '}
          <button type="button" onClick={() => void initGpu()}>
            Reconnect now
          </button>
        </p>
      )}
      <GpuErrors />
      {gpu.state === 'unavailable' && (
        <div>
          <p>
            <span className="badge bad">✗ Unavailable</span> {gpu.message}
          </p>
          <ul className="small">
            <li>Chrome or Edge 113+ on Windows, macOS and ChromeOS have WebGPU on; on Linux enable chrome://flags/#enable-unsafe-webgpu (and Vulkan).</li>
            <li>Firefox 141+ has it on Windows; elsewhere set dom.webgpu.enabled in about:config.</li>
            <li>Safari 26+ has it on; older Safari: Develop › Feature Flags › WebGPU.</li>
            <li>Check that hardware acceleration is on in the browser’s settings, and that the GPU is not blocked (chrome://gpu).</li>
          </ul>
        </div>
      )}
    </section>
  );
}
