/**
 * Derived once, carried forward: the configuration as typed becomes one parsed configuration and
 * one launch plan per kernel (memoised on the configuration, the GPU status and the tuning
 * records). Validation, the views and the runs read that one derivation instead of planning again.
 *
 * Its messages (a field that does not parse, a plan this adapter cannot run) are data (core/said.ts):
 * the views say them in the language in use, so a language switch re-renders words and plans
 * nothing again (the memo does not depend on the language; selectors.lang.test.ts).
 */
import { t } from '../i18n';
import { checkPlans } from '../core/limits';
import { parseConfig, sameRunConfig, type ParsedConfig } from '../core/config';
import type { FieldErrors } from '../core/input';
import { shapeLabel } from '../core/shape';
import { tunedParams, type Params, type TuneRecord } from '../core/tuning';
import type { ConfigText } from '../core/url';
import type { GpuInfo } from '../gpu/device';
import { kKernelIds, kKernels, planKernel, type KernelId, type LaunchPlan, type PlanFailure } from '../core/kernels';
import { useApp, type AppState, type GpuStatus, type KernelResult } from './store';
import { autoChoice, useTuning } from './tuning';

export interface Derived {
  /** The parsed configuration; undefined when a field does not parse. */
  readonly parsed?: ParsedConfig;
  /** Messages per field from parsing alone (limits are checked per set of kernels: checkKernels). */
  readonly parseErrors: FieldErrors;
  /** The adapter the plans were made for (ready, or lost but known). */
  readonly info?: GpuInfo;
  /** Per kernel: the tuned params it runs with on this adapter at this shape (none: its own choice). */
  readonly params: Partial<Record<KernelId, Params>>;
  /** Per kernel: its launch plan, or why this adapter cannot run it. Empty without parsed or info. */
  readonly plans: Partial<Record<KernelId, LaunchPlan | PlanFailure>>;
}

export const gpuInfoOf = (gpu: GpuStatus): GpuInfo | undefined => (gpu.state === 'ready' || gpu.state === 'lost' ? gpu.info : undefined);

/** How many times derive() has actually planned (for tests: memoisation is observable). */
export let deriveCount = 0;

/** Parse and plan, without memo. */
export function deriveUncached(config: ConfigText, gpu: GpuStatus, records: readonly TuneRecord[]): Derived {
  deriveCount++;
  const { config: parsed, errors } = parseConfig(config);
  const info = gpuInfoOf(gpu);
  const plans: Partial<Record<KernelId, LaunchPlan | PlanFailure>> = {};
  const params: Partial<Record<KernelId, Params>> = {};
  if (parsed && info) {
    const choice = records.length > 0 ? autoChoice(records, info, parsed.shape) : undefined;
    for (const id of kKernelIds) {
      const p = kKernels[id].tunables ? tunedParams(choice, id) : undefined;
      if (p) params[id] = p;
      plans[id] = planKernel(id, parsed.shape, parsed.tile, info, p);
    }
  }
  return { ...(parsed ? { parsed } : {}), parseErrors: errors, ...(info ? { info } : {}), params, plans };
}

let memo: { config: ConfigText; gpu: GpuStatus; records: readonly TuneRecord[]; derived: Derived } | undefined;

/** The derivation for these inputs; the same object while they are the same (whatever the language). */
export function derive(config: ConfigText, gpu: GpuStatus, records: readonly TuneRecord[]): Derived {
  if (memo && memo.config === config && memo.gpu === gpu && memo.records === records) return memo.derived;
  const derived = deriveUncached(config, gpu, records);
  memo = { config, gpu, records, derived };
  return derived;
}

/** The derivation of the current state. */
export function currentDerived(): Derived {
  const s = useApp.getState();
  return derive(s.config, s.gpu, useTuning.getState().records);
}

/** React: the derivation of the current state (re-renders when it changes). */
export function useDerived(): Derived {
  const config = useApp((s) => s.config);
  const gpu = useApp((s) => s.gpu);
  const records = useTuning((s) => s.records);
  return derive(config, gpu, records);
}

/**
 * Problems with the configuration for these kernels: parse errors, then each kernel's plan (a
 * plan that is a message → the tile field), then the adapter's buffer and dispatch limits.
 * No planning here: the plans come from the derivation.
 */
export function checkKernels(d: Derived, kernels: readonly KernelId[]): { parsed?: ParsedConfig; errors: FieldErrors } {
  if (!d.parsed) return { errors: d.parseErrors };
  if (!d.info) return { parsed: d.parsed, errors: d.parseErrors };
  const plans = Object.fromEntries(kernels.flatMap((id) => (d.plans[id] ? [[id, d.plans[id]]] : [])));
  const all = checkPlans(d.parsed.shape, d.info.limits, plans);
  if (Object.keys(all).length > 0) return { errors: all };
  return { parsed: d.parsed, errors: d.parseErrors };
}

/** The one rule, for a kernel's result: does it belong to this configuration? */
export function belongs(r: Pick<KernelResult, 'config'> | undefined, id: KernelId, config: ParsedConfig | undefined): boolean {
  return Boolean(r && config && sameRunConfig(r.config, config, kKernels[id].usesTile));
}

/** A kernel's result when it belongs to this configuration, else undefined. */
export function resultFor(results: AppState['results'], id: KernelId, config: ParsedConfig | undefined): KernelResult | undefined {
  const r = results[id];
  return belongs(r, id, config) ? r : undefined;
}

/** A verified, measured result that belongs to this configuration. */
export function verifiedFor(results: AppState['results'], id: KernelId, config: ParsedConfig | undefined): (KernelResult & { run: NonNullable<KernelResult['run']> }) | undefined {
  const r = resultFor(results, id, config);
  return r?.status === 'verified' && r.run ? (r as KernelResult & { run: NonNullable<KernelResult['run']> }) : undefined;
}

/** A configuration in words, in the language in use. */
export const describeConfig = (c: ParsedConfig): string => t('common:config.describe', { shape: shapeLabel(c.shape), tile: c.tile, pattern: t(`common:patternName.${c.pattern}`), seed: c.seed });
