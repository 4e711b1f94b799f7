/**
 * The app's one store (zustand): the configuration as typed, the GPU status and one result per
 * kernel, plus the visualisation, benchmark and dot-product slices. Plain data only — the
 * GPUDevice lives in session.ts, outside the store. Actions live by job: session.ts (the device),
 * runs.ts (running, tuning, auto), viz.ts, bench.ts, dot.ts; urlSync.ts mirrors the URL and
 * selectors.ts derives what views read. This module imports none of them (no cycles).
 */
import { create } from 'zustand';
import type { Said } from '../i18n';
import type { ParsedConfig } from '../core/config';
import type { Verification } from '../core/reference';
import { decodeUrl, startView, type ConfigText, type UrlState } from '../core/url';
import type { GpuInfo, GpuUnavailableError } from '../gpu/device';
import type { KernelId } from '../core/kernels';
import type { Progress, RunResult } from '../gpu/runner';
import type { Params } from '../core/tuning';
import { kInitialViz, type VizState } from './vizState';
import { initialBench, type BenchState } from './benchState';
import { initialDot, type DotState } from './dotState';
import type { PracticeState } from './practiceState';
import { isListedExerciseId, kExerciseIdList } from '../core/practice/ids';
import { initialRoofline, type RooflineState } from './rooflineState';
import { initialProbes, type ProbesState } from './probesState';
import { initialBoard, type BoardState } from './boardState';

export type GpuStatus =
  | { readonly state: 'initializing' }
  | { readonly state: 'ready'; readonly info: GpuInfo }
  | { readonly state: 'unavailable'; readonly message: Said | string; readonly reason: GpuUnavailableError['reason'] }
  | { readonly state: 'lost'; readonly message: Said; readonly info?: GpuInfo };

export type ResultStatus = 'running' | 'verified' | 'mismatch' | 'error';

export interface KernelResult {
  readonly status: ResultStatus;
  /** Increments with every run the app starts, so a reader can tell a new result from an old one. */
  readonly seq: number;
  /** The configuration this result belongs to. */
  readonly config: ParsedConfig;
  readonly label: string;
  readonly progress?: Progress;
  readonly run?: Omit<RunResult, 'c'>;
  readonly verification?: Verification;
  /** Why the run failed, as data where the app said it (shown with `say`, so it follows a language switch). */
  readonly error?: Said | string;
}

/** An error the GPU reported outside every error scope (a bug, or the driver), as the GPU panel shows it. */
export interface GpuErrorNote {
  readonly message: string;
  /** When it arrived (ms since the page loaded). */
  readonly at: number;
}

export interface AppState extends VizState, BenchState, DotState, PracticeState, RooflineState, ProbesState, BoardState {
  readonly config: ConfigText;
  readonly gpu: GpuStatus;
  /** Uncaptured GPU errors of this session's devices, newest last (at most kMaxGpuErrors). */
  readonly gpuErrors: readonly GpuErrorNote[];
  readonly results: Partial<Record<KernelId, KernelResult>>;
  /** A message for the whole run (device lost, failure before any kernel ran), said when shown ('' when none). */
  readonly runMessage: Said | '';
  /**
   * A note on the whole run that is not a failure (no WebGPU: the teaching views show a CPU
   * simulation of the same kernel instead), said when shown; '' when none. Shown neutral, never red.
   */
  readonly runNote: Said | '';
  readonly busy: boolean;
  /** The last "auto" run: which tuned configuration it ran, and from which record. */
  readonly auto?: { readonly kernel: KernelId; readonly params: Params; readonly seq: number; readonly from: Said };
}

export const kMaxGpuErrors = 20;

/** What the page's URL said when it loaded (every key, validated once: core/url.ts). */
export const kStartUrl: UrlState = decodeUrl(typeof location !== 'undefined' ? location.search : '');
const kStartHash = typeof location !== 'undefined' ? location.hash : '';

/**
 * The practice slice before the practice code loads (issue #47: the exercises and their judge load
 * with the views that use them, state/practiceLoad.ts): the exercise a link's `ex=` names, and
 * nothing of the exercises' code yet (`practiceCode` is empty until then: the practice view and the
 * class board load it, state/practiceState.ts initialPractice, before they draw).
 */
function unloadedPractice(ex?: string): PracticeState {
  return {
    practiceEx: isListedExerciseId(ex) ? ex : kExerciseIdList[0],
    practiceCode: {} as PracticeState['practiceCode'],
    practiceBackups: {},
    practiceHints: {},
    practiceStatus: 'idle',
    practiceError: '',
    practicePassed: [],
    practiceBest: {},
  };
}

/** The initial state for a decoded URL (and the page's fragment: `#r=` opens the shared results). */
export function initialState(url: UrlState, hash = ''): AppState {
  return {
    config: url.config,
    gpu: { state: 'initializing' },
    gpuErrors: [],
    results: {},
    runMessage: '',
    runNote: '',
    busy: false,
    ...kInitialViz,
    ...initialBench(url.sizes),
    ...initialDot(startView(url, hash), url.dotn),
    ...unloadedPractice(url.ex),
    ...initialRoofline(),
    ...initialProbes(),
    ...initialBoard(),
  };
}

export const useApp = create<AppState>()(() => initialState(kStartUrl, kStartHash));

// ---- configuration edits --------------------------------------------------------------------
export function setField(field: keyof ConfigText, value: string): void {
  useApp.setState((s) => ({ config: { ...s.config, [field]: value }, runMessage: '', runNote: '' }));
}

export function applyConfig(config: Partial<ConfigText>): void {
  useApp.setState((s) => ({ config: { ...s.config, ...config }, runMessage: '', runNote: '' }));
}
