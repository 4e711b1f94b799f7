import { sentenceGap } from '../i18n/words';
import { Trans, useTranslation } from 'react-i18next';
import { clearGpuErrors, gpuStatusMessage, initGpu } from '../state/session';
import { useApp } from '../state/store';
import type { GpuInfo } from '../gpu/device';
import { fmtBytes, fmtInt } from './common/format';

function Limits({ info }: { info: GpuInfo }) {
  const { t } = useTranslation();
  const l = info.limits;
  const rows: Array<[string, string]> = [
    [t('gpu.limit.storageBinding'), fmtBytes(l.maxStorageBufferBindingSize)],
    [t('gpu.limit.bufferSize'), fmtBytes(l.maxBufferSize)],
    [t('gpu.limit.invocations'), fmtInt(l.maxComputeInvocationsPerWorkgroup)],
    [t('gpu.limit.workgroupSize'), `${fmtInt(l.maxComputeWorkgroupSizeX)} / ${fmtInt(l.maxComputeWorkgroupSizeY)}`],
    [t('gpu.limit.workgroupMemory'), fmtBytes(l.maxComputeWorkgroupStorageSize)],
    [t('gpu.limit.workgroupsPerDimension'), fmtInt(l.maxComputeWorkgroupsPerDimension)],
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

/** Uncaptured GPU errors of this session, as state (not only in the console). */
function GpuErrors() {
  const { t } = useTranslation();
  const errors = useApp((s) => s.gpuErrors);
  if (errors.length === 0) return null;
  return (
    <div className="gpu-errors" data-testid="gpu-errors" data-count={errors.length} role="alert">
      <p>
        <span className="badge bad">{errors.length}</span> <strong>{t('gpu.errors.heading')}</strong>
      </p>
      <p className="small">{t('gpu.errors.explain')}</p>
      <ul className="small">
        {errors.map((e, i) => (
          <li key={i}>{e.message}</li>
        ))}
      </ul>
      <button type="button" onClick={clearGpuErrors}>
        {t('gpu.errors.clear')}
      </button>
    </div>
  );
}

function useAdapterName(info: GpuInfo): string {
  const { t } = useTranslation();
  const parts = [info.vendor, info.architecture, info.description].filter((p) => p && p !== 'unknown');
  return parts.length ? parts.join(' · ') : t('gpu.unnamed');
}

function ReadyBody({ info }: { info: GpuInfo }) {
  const { t } = useTranslation();
  const name = useAdapterName(info);
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : t('gpu.none'));
  return (
    <>
      <p>
        <span className="badge ok">{t('gpu.ready')}</span> {name}
        {info.isFallbackAdapter && t('gpu.fallback')}
      </p>
      {info.defaultLimitsOnly && (
        <p>
          <Trans t={t} i18nKey="gpu.defaultLimits" components={{ strong: <strong />, code: <code /> }} />
        </p>
      )}
      <p>{t('gpu.clock', { clock: info.timestampQuery ? t('gpu.clockTimestamps') : t('gpu.clockWall') })}</p>
      <details>
        <summary>{t('gpu.limitsSummary')}</summary>
        <Limits info={info} />
        <p className="small">{t('gpu.featuresEnabled', { list: list(info.features) })}</p>
        <p className="small">{t('gpu.adapterFeatures', { list: list(info.adapterFeatures) })}</p>
        <p className="small">{t('gpu.requested')}</p>
      </details>
    </>
  );
}

export function GpuStatusPanel() {
  const { t } = useTranslation();
  const gpu = useApp((s) => s.gpu);
  const view = useApp((s) => s.view);
  // A lost or unavailable status is said again in the language in use now (a switch reaches it).
  const message = gpuStatusMessage(gpu);
  return (
    <section className="panel gpu-panel" data-testid="gpu-status" data-state={gpu.state} aria-labelledby="gpu-heading" aria-live="polite">
      <h2 id="gpu-heading">{t('gpu.heading')}</h2>
      {gpu.state === 'initializing' && <p>{t('gpu.looking')}</p>}
      {gpu.state === 'ready' && <ReadyBody info={gpu.info} />}
      {gpu.state === 'lost' && (
        <p>
          <span className="badge bad">{t('gpu.lost')}</span> {message}{' '}
          <button type="button" onClick={() => void initGpu()}>
            {t('gpu.reconnect')}
          </button>
        </p>
      )}
      <GpuErrors />
      {gpu.state === 'unavailable' && (
        // Not a failure: the lesson opens on what works here (a CPU simulation of the same kernel)
        // and how to get WebGPU; red is kept for runs that fail.
        <div className="nogpu-note" data-testid="nogpu-note">
          <p>
            {/* Each view names only actions it has (issue #34): "Run both" is the lesson's button. */}
            <strong data-testid="nogpu-title" data-reason={gpu.reason}>{t(gpu.reason === 'no-adapter' ? 'gpu.nogpu.titleNoAdapter' : gpu.reason === 'device-failed' ? 'gpu.nogpu.titleDeviceFailed' : 'gpu.nogpu.title')}</strong>
            {sentenceGap()}
            {view === 'lesson' ? t('gpu.nogpu.works', { action: t('controls.runBoth') }) : t('gpu.nogpu.worksElsewhere')}
          </p>
          {/* Folded: open, the browsers' list pushed "Run both" below the fold at 1366×768. */}
          <details>
            <summary>{t('gpu.nogpu.enable')}</summary>
            <ul className="small">
              <li>{t('gpu.helpChrome')}</li>
              <li>{t('gpu.helpFirefox')}</li>
              <li>{t('gpu.helpSafari')}</li>
              <li>{t('gpu.helpAcceleration')}</li>
            </ul>
            <p className="small" data-testid="nogpu-said">
              {t('gpu.nogpu.said', { message })}
            </p>
          </details>
        </div>
      )}
    </section>
  );
}
