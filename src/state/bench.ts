/**
 * The benchmark slice's actions: run a sweep, make a share link, open one, keep history.
 */
import { kAutoSampling, parseSizes, parseSweepCount, sweepConfigError, type BenchPoint, type DeviceReport, type SweepConfig } from '../core/bench';
import {
  applyShareChoice,
  decodeShare,
  encodeShare,
  kMaxCompared,
  kShareVersion,
  shareFromHash,
  ShareError,
  sharesFromHash,
  sharesInText,
  shareSearch,
  type ShareChoice,
  type SharePayload,
} from '../core/share';
import type { ComparedRun } from './benchState';
import { parseTile } from '../core/input';
import { failureOf, GpuRunError, type GpuInfo } from '../gpu/device';
import { runSweep } from '../gpu/sweep';
import { addHistory } from './history';
import { probesShare } from './probesShare';
import { cancelRun, estimateAndAsk, withRun, type Refusal } from './runs';
import { finishEstimated } from './estimate';
import type { KernelRate } from '../gpu/estimate';
import { useApp } from './store';
import { version } from '../../package.json';
import { said, say, t } from '../i18n';
import { sweepConfigErrorText } from '../i18n/bench';

export function deviceReport(info: GpuInfo): DeviceReport {
  const limits: Record<string, number> = {};
  for (const [k, v] of Object.entries(info.limits)) if (Number.isFinite(v)) limits[k] = v;
  return {
    vendor: info.vendor.slice(0, 120),
    architecture: info.architecture.slice(0, 120),
    description: info.description.slice(0, 300),
    features: info.features.slice(0, 64).map((f) => f.slice(0, 64)),
    limits,
    browser: (typeof navigator !== 'undefined' ? navigator.userAgent : 'unknown').slice(0, 400),
    timing: info.timestampQuery ? 'gpu-timestamp' : 'wall-clock',
    // Recorded as data: a reader is told the figures are a software adapter's, whatever its strings say.
    isFallbackAdapter: info.isFallbackAdapter,
  };
}

/** A field of the sweep form. */
export type SweepField = 'sizes' | 'kernels' | 'warmups' | 'samples';

/**
 * The sweep configuration from the bench inputs, or every problem with them, by field (`error`:
 * the first, in the form's order).
 */
export function parseSweep(): { config?: SweepConfig; error?: string; errors: Partial<Record<SweepField, string>> } {
  const s = useApp.getState();
  const errors: Partial<Record<SweepField, string>> = {};
  const { sizes, error } = parseSizes(s.sweepText.sizes);
  if (!sizes) errors.sizes = error && say(error);
  if (s.sweepText.kernels.length === 0) errors.kernels = t('bench:rule.kernels');
  const warmups = parseSweepCount(s.sweepText.warmups, 'warmups');
  if (warmups.error !== undefined) errors.warmups = say(warmups.error);
  const samples = parseSweepCount(s.sweepText.samples, 'samples');
  if (samples.error !== undefined) errors.samples = say(samples.error);
  const first = errors.sizes ?? errors.kernels ?? errors.warmups ?? errors.samples;
  if (first !== undefined || !sizes) return { error: first, errors };
  const tile = parseTile(s.config.tile);
  return { config: withStopRule({ sizes, kernels: s.sweepText.kernels, tile: tile.ok ? tile.value : 16, warmups: warmups.value!, samples: samples.value! }), errors };
}

/**
 * A configuration with the rule its automatic sampling runs under (kAutoSampling, this app's; a
 * shared link's own is shown, never run: its maximum could be anything), or without one for a fixed count.
 */
function withStopRule(c: SweepConfig): SweepConfig {
  const { stop: _ignored, ...rest } = c;
  return c.samples === 0 ? { ...rest, stop: kAutoSampling } : rest;
}

/** A configuration from elsewhere (a shared link) runs only within the form's own limits. */
function checkOverride(config: SweepConfig): { config?: SweepConfig; error?: string } {
  const error = sweepConfigError(config);
  return error === undefined ? { config } : { error: sweepConfigErrorText(error) };
}

/** The form's text for a sweep configuration (a shared one: the form shows what it ran). */
function sweepTextOf(c: SweepConfig) {
  return { sizes: c.sizes.join(', '), kernels: [...c.kernels], warmups: String(c.warmups), samples: String(c.samples) };
}

/** An edit of the form: a refusal of the inputs before it (or a past sweep's error) no longer applies. */
export function setSweepText(patch: Partial<ReturnType<typeof useApp.getState>['sweepText']>): void {
  useApp.setState((s) => ({ sweepText: { ...s.sweepText, ...patch }, sweepError: '' }));
}


export async function startSweep(override?: SweepConfig): Promise<void> {
  if (useApp.getState().sweepStatus === 'running') return;
  let config: SweepConfig | undefined;
  const inputs = (): string | undefined => {
    const parsed = override ? checkOverride(override) : parseSweep();
    config = parsed.config;
    return config ? undefined : (parsed.error ?? t('bench:sweep.invalid'));
  };
  const refuse = (r: Refusal): void => {
    if (r.why === 'inputs') useApp.setState({ sweepError: r.message });
    else if (r.why === 'no-gpu') useApp.setState({ sweepError: said('bench:sweep.noGpu') });
  };
  const ran = await withRun({ inputs, refuse }, async ({ ctx, signal }) => {
    if (!config) return undefined;
    // The first point has no earlier point to be estimated from: like a lesson run, it is estimated
    // from this GPU's measured rate first, and a long one asks (a link may start at 4096³).
    let rates: readonly KernelRate[] = [];
    const first = config.sizes[0]!;
    try {
      const jobs = config.kernels.map((kernel) => ({ kernel, tile: config!.tile }));
      // The estimate is the whole sweep's (every size), stated before the first point runs.
      const shapes = config.sizes.map((n) => ({ m: n, k: n, n }));
      const answer = await estimateAndAsk(ctx, { m: first, k: first, n: first }, jobs, config.samples, signal, 'sweep', shapes);
      if (!answer.go) {
        useApp.setState({ sweepError: said('run:runs.declined') });
        return undefined;
      }
      rates = answer.rates;
    } catch (e) {
      const cancelled = e instanceof GpuRunError && e.kind === 'cancelled';
      useApp.setState({ sweepError: cancelled ? said('run:runs.cancelled') : said('run:runs.estimateFailed', { error: failureOf(e) }) });
      return undefined;
    }
    const date = new Date().toISOString();
    const device = deviceReport(ctx.info);
    useApp.setState({
      sweepStatus: 'running',
      sweepError: '',
      sweepPoints: [],
      sweepRun: { config, device, date },
      sweepProgress: { done: 0, total: config.sizes.length * config.kernels.length },
      shareUrl: '',
      sweepPayload: undefined,
      sweepOfShared: override ? useApp.getState().shared : undefined,
    });
    let status: 'done' | 'cancelled' | 'error' = 'done';
    try {
      await runSweep(ctx, config, {
        signal,
        rates,
        onPoint: (p: BenchPoint) => useApp.setState((s) => ({ sweepPoints: [...s.sweepPoints, p] })),
        onProgress: (done, total, current) => useApp.setState({ sweepProgress: { done, total, current } }),
      });
      if (signal.aborted) status = 'cancelled';
      else finishEstimated('sweep');
    } catch (e) {
      status = e instanceof GpuRunError && e.kind === 'cancelled' ? 'cancelled' : 'error';
      if (status === 'error') useApp.setState({ sweepError: failureOf(e) });
    } finally {
      useApp.setState({ sweepStatus: status });
    }
    return { status, config, device, date };
  });
  const points = useApp.getState().sweepPoints;
  if (ran?.status === 'done' && points.length > 0) {
    const { config: c, device, date } = ran;
    const probes = probesShare(useApp.getState().probes);
    const payload: SharePayload = {
      v: kShareVersion,
      app: version,
      date,
      config: { ...c, sizes: [...c.sizes], kernels: [...c.kernels] },
      device: { ...device, features: [...device.features], limits: { ...device.limits } },
      points: [...points],
      // The roofline measured on this device, when it was (the ladder view): it travels as figures.
      ...(useApp.getState().roofline ? { roofline: useApp.getState().roofline } : {}),
      // The coalescing and bank-conflict probes run on this device, when they were: as figures and verdicts.
      ...(probes ? { probes } : {}),
    };
    addHistory(payload);
    useApp.setState({ sweepPayload: payload });
    await makeShareUrl(payload);
  }
}

/** Change what the link reveals (or its label): the link is made again from the whole sweep. */
export function setShareChoice(patch: { include?: Partial<ShareChoice['include']>; label?: string }): void {
  useApp.setState((s) => ({ shareChoice: { include: { ...s.shareChoice.include, ...patch.include }, label: patch.label ?? s.shareChoice.label } }));
  const payload = useApp.getState().sweepPayload;
  if (payload) void makeShareUrl(payload);
}

/** Cancel the sweep (the one cancel of every run). */
export const cancelSweep = cancelRun;

/** Counts link makings, so a slower earlier one (an older choice) never overwrites a newer one. */
let making = 0;

/** Make the share link of a sweep, revealing what the sender chose (shareChoice). */
export async function makeShareUrl(payload: SharePayload): Promise<void> {
  const mine = ++making;
  try {
    const r = await encodeShare(applyShareChoice(payload, useApp.getState().shareChoice));
    const url = `${location.origin}${location.pathname}${shareSearch(location.search)}#r=${r}`;
    if (mine === making) useApp.setState({ shareUrl: url, shareUrlError: '' });
  } catch (e) {
    if (mine === making) useApp.setState({ shareUrl: '', shareUrlError: e instanceof ShareError ? e.failure : e instanceof Error ? e.message : String(e) });
  }
}

/** Open one link: its results, or why it was refused. */
async function openLink(link: string): Promise<ComparedRun> {
  try {
    return { link, payload: await decodeShare(link) };
  } catch (e) {
    return { link, error: e instanceof ShareError ? e.failure : { reason: 'unreadable' } };
  }
}

/** Open every link of the fragment for the comparison view (`#r=a&r=b`). */
async function openComparedFromLocation(): Promise<void> {
  const links = sharesFromHash(location.hash);
  const runs = await Promise.all(links.map(openLink));
  useApp.setState({ compared: runs });
}

/**
 * Add the links found in pasted text (whole URLs or `r2.…` values) to the comparison; the
 * address then carries every link (`#r=a&r=b`) once there are two to compare.
 */
export async function addCompared(text: string): Promise<{ readonly added: number; readonly accepted: number }> {
  const have = useApp.getState().compared.map((r) => r.link);
  const links = sharesInText(text).filter((l) => !have.includes(l)).slice(0, Math.max(0, kMaxCompared - have.length));
  const runs = await Promise.all(links.map(openLink));
  const compared = [...useApp.getState().compared, ...runs];
  useApp.setState({ compared });
  writeComparedHash(compared);
  // What was added, and how many of those can be compared (the rest are refused, each with its reason).
  return { added: runs.length, accepted: runs.filter((r) => 'payload' in r).length };
}

/** Remove one link from the comparison. */
export function removeCompared(index: number): void {
  const compared = useApp.getState().compared.filter((_, i) => i !== index);
  useApp.setState({ compared });
  writeComparedHash(compared);
}

/** The comparison's links in the address (without a hashchange: the view stays), or none. */
function writeComparedHash(compared: readonly ComparedRun[]): void {
  const hash = compared.length >= 2 ? `#${compared.map((r) => `r=${r.link}`).join('&')}` : '';
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}

/** Read a results link from the URL fragment (on load and when the fragment changes). */
export async function openShareFromLocation(): Promise<void> {
  const r = shareFromHash(location.hash);
  if (r === undefined) {
    useApp.setState({ shared: undefined, shareError: undefined });
    return;
  }
  await openComparedFromLocation();
  try {
    const shared = await decodeShare(r);
    // The form below the shared results holds the shared sweep, so "Start sweep" runs what it says
    // (as "Run the same benchmark here" does; the tile width stays the lesson's, the form says which).
    const c = shared.config;
    useApp.setState((s) => ({
      shared,
      shareError: undefined,
      sweepText: { ...s.sweepText, ...sweepTextOf(c) },
    }));
  } catch (e) {
    useApp.setState({ shared: undefined, shareError: e instanceof ShareError ? e.failure : { reason: 'unreadable' } });
  }
}

export function dismissShared(): void {
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  useApp.setState({ shared: undefined, shareError: undefined });
}

/** Run the shared configuration on this GPU; the chart overlays both. */
export function runSharedHere(): void {
  const shared = useApp.getState().shared;
  if (!shared) return;
  const c = shared.config;
  setSweepText(sweepTextOf(c));
  void startSweep(withStopRule({ sizes: c.sizes, kernels: c.kernels, tile: c.tile, warmups: c.warmups, samples: c.samples }));
}
