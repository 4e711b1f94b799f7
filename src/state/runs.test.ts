/**
 * Run lifecycle without WebGPU (Node has no navigator.gpu): the real device acquisition fails, and
 * every kind of run must refuse cleanly, say why where it shows its messages, and leave the lock free.
 * Nothing here claims anything about GPU results: those are the Playwright specs' job.
 */
import { defaultLimitsInfo } from './testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GpuRunError, type GpuContext } from '../gpu/device';
import { releaseExperimentData, type runVerified } from '../gpu/experiment';
import { startSweep, setSweepText } from './bench';
import { runDotView, setDotText } from './dot';
import { busyMessage, cancelRun, runAuto, runKernels, runTuning, withRun } from './runs';
import { clearGpuErrors, currentGpu, initGpu, noteGpuError } from './session';
import { applyConfig, initialState, kMaxGpuErrors, kStartUrl, useApp } from './store';
import { tuneMessage, useTuning } from './tuning';
import { moveSelection, selectTile, setBounds, setStep, stepBy, stepCount } from './viz';
import { i18n, said, say } from '../i18n';

/**
 * For the cancel tests only: a stand-in device and kernel run (the rest of this file has neither, as
 * in Node). The stand-in run does nothing but wait for its cancel signal, so the tests watch what
 * state/runs.ts does with cancelRun(); that the GPU side stops on the signal is e2e's job.
 */
const fake = vi.hoisted(() => ({ ctx: undefined as unknown, run: undefined as unknown }));
vi.mock('./session', async (importOriginal) => {
  const real = await importOriginal<typeof import('./session')>();
  return { ...real, initGpu: async () => (fake.ctx as GpuContext | undefined) ?? real.initGpu() };
});
vi.mock('../gpu/experiment', async (importOriginal) => {
  const real = await importOriginal<typeof import('../gpu/experiment')>();
  return {
    ...real,
    runVerified: (...a: Parameters<typeof runVerified>) => ((fake.run as typeof runVerified | undefined) ?? real.runVerified)(...a),
    releaseExperimentData: vi.fn(real.releaseExperimentData),
  };
});
afterEach(() => {
  fake.ctx = undefined;
  fake.run = undefined;
});

beforeEach(() => {
  useApp.setState(initialState(kStartUrl), true);
  useTuning.setState({ records: [], status: 'idle', note: undefined });
});

describe('device session without WebGPU', () => {
  it('goes from initializing to unavailable, with the reason, and gives no device', async () => {
    expect(useApp.getState().gpu.state).toBe('initializing');
    expect(await initGpu()).toBeUndefined();
    const gpu = useApp.getState().gpu;
    expect(gpu.state).toBe('unavailable');
    expect(gpu.state === 'unavailable' && gpu.reason).toBe('no-webgpu');
    expect(currentGpu()).toBeUndefined();
  });

  it('keeps uncaptured GPU errors as state, newest last, at most kMaxGpuErrors', () => {
    const original = console.error;
    const logged: string[] = [];
    console.error = (m: string) => void logged.push(m);
    try {
      for (let i = 0; i < kMaxGpuErrors + 5; i++) noteGpuError(`error ${i}`, i);
    } finally {
      console.error = original;
    }
    const errors = useApp.getState().gpuErrors;
    expect(errors).toHaveLength(kMaxGpuErrors);
    expect(errors[0]).toEqual({ message: 'error 5', at: 5 });
    expect(errors.at(-1)?.message).toBe(`error ${kMaxGpuErrors + 4}`);
    expect(logged).toHaveLength(kMaxGpuErrors + 5); // the console still gets every one
    clearGpuErrors();
    expect(useApp.getState().gpuErrors).toEqual([]);
  });
});

describe('the run preamble', () => {
  it('refuses while another run holds the lock, and runs nothing', async () => {
    useApp.setState({ busy: true });
    await runKernels(['naive', 'tiled']);
    expect(useApp.getState().runMessage).toEqual(busyMessage());
    expect(useApp.getState().results).toEqual({});
    expect(useApp.getState().busy).toBe(true); // the other run still holds it
  });

  it('without a device: the body never runs, the refusal says why, the lock stays free', async () => {
    const seen: string[] = [];
    const r = await withRun({ kernels: ['naive'], refuse: (x) => void seen.push(x.why) }, async () => 'ran');
    expect(r).toBeUndefined();
    expect(seen).toEqual(['no-gpu']);
    expect(useApp.getState().busy).toBe(false);
  });

  it("checks the run's own inputs before looking for a device", async () => {
    const seen: string[] = [];
    await withRun({ inputs: () => 'bad input', refuse: (x) => void seen.push(x.why === 'inputs' ? x.message : x.why) }, async () => 'ran');
    expect(seen).toEqual(['bad input']);
    expect(useApp.getState().gpu.state).toBe('initializing'); // no device was asked for
  });

});

describe('cancel', () => {
  /** A ready stand-in device; `run` stands in for each kernel run. */
  function withFakeDevice(run: typeof runVerified): void {
    const info = defaultLimitsInfo();
    fake.ctx = { device: {} as GPUDevice, info, lost: new Promise(() => {}), isLost: () => false } satisfies GpuContext;
    fake.run = run;
    useApp.setState({ gpu: { state: 'ready', info } });
    applyConfig({ m: '5', k: '9', n: '7', tile: '4', samples: '3' }); // small: no estimate, no question
  }

  it('stops the run in progress: its kernel and the ones after it say cancelled, the lock is free, the data is given back', async () => {
    const signals: AbortSignal[] = [];
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    withFakeDevice(
      (_ctx, _id, _e, opts = {}) =>
        new Promise((_, reject) => {
          signals.push(opts.signal!);
          opts.signal!.addEventListener('abort', () => reject(new GpuRunError(said('run:runs.cancelled'), 'cancelled')), { once: true });
          started();
        }),
    );
    vi.mocked(releaseExperimentData).mockClear();
    const run = runKernels(['naive', 'tiled']);
    await running;
    expect(useApp.getState().busy).toBe(true);
    expect(useApp.getState().results.naive?.status).toBe('running');
    expect(useApp.getState().results.tiled?.status).toBe('running');

    cancelRun();
    await run;
    const s = useApp.getState();
    expect(signals).toHaveLength(1); // tiled never started
    expect(signals[0]!.aborted).toBe(true);
    for (const id of ['naive', 'tiled'] as const) {
      const r = s.results[id];
      expect(r?.status, id).toBe('error');
      expect(r?.status === 'error' && say(r.error ?? ''), id).toBe(say(said('run:runs.cancelled')));
    }
    expect(s.busy).toBe(false);
    expect(releaseExperimentData).toHaveBeenCalledTimes(1);
  });

  it('with no run in progress cancels nothing: the next run is not born cancelled and runs to the end', async () => {
    const signals: AbortSignal[] = [];
    withFakeDevice(async (_ctx, id, _e, opts = {}) => {
      signals.push(opts.signal!);
      throw new GpuRunError(`stand-in ${id}`, 'internal'); // an ordinary failure: the next kernel still runs
    });
    cancelRun();
    await runKernels(['naive', 'tiled']);
    expect(signals.map((x) => x.aborted)).toEqual([false, false]);
    expect(useApp.getState().results.tiled?.status).toBe('error');
    expect(useApp.getState().busy).toBe(false);
  });
});

describe('matmul runs without WebGPU', () => {
  it('simulate the tiled kernel on the CPU for the teaching views, and say so', async () => {
    applyConfig({ m: '5', k: '9', n: '7', tile: '4' });
    await runKernels(['naive', 'tiled']);
    const s = useApp.getState();
    // A note, not a failure: nothing in the run's error message.
    expect(s.runMessage).toBe('');
    const said = say(s.runNote);
    expect(said).toMatch(/^CPU simulation of the same kernel\. Nothing ran on a GPU: WebGPU is not available/);
    expect(said).toContain('chrome://flags/#enable-unsafe-webgpu');
    expect(said).toContain('simulated on the CPU');
    expect(said).toMatch(/CPU reference .* computed 5×9×7 in ([\d.]+ [nµm]?s \(wall clock|a time below the clock’s resolution)/);
    expect(said).not.toMatch(/Infinity|NaN/);
    expect(s.results).toEqual({}); // no GPU result is claimed
    expect(s.trace?.source).toBe('cpu');
    expect(s.trace?.wrongCount).toBe(0);
    expect(s.trace?.config.shape).toEqual({ m: 5, k: 9, n: 7 });
    expect(s.busy).toBe(false);
  });

  it('with inputs to fix: no simulation either', async () => {
    applyConfig({ m: '0' });
    await runKernels(['naive']);
    expect(say(useApp.getState().runMessage)).toBe('Nothing ran on a GPU: WebGPU is not available in this browser (see the GPU panel).');
    // Kept as data, the message follows a language switch while it is on screen.
    await i18n.changeLanguage('zh-CN');
    expect(say(useApp.getState().runMessage)).toBe('没有在 GPU 上运行：此浏览器不支持 WebGPU（见 GPU 面板）。');
    await i18n.changeLanguage('en');
    expect(useApp.getState().trace).toBeUndefined();
  });

  it('auto says why nothing ran', async () => {
    await runAuto();
    // With valid inputs the tiled kernel is simulated on the CPU: a note, not an error.
    expect(useApp.getState().runMessage).toBe('');
    expect(say(useApp.getState().runNote)).toMatch(/^CPU simulation of the same kernel\. Nothing ran on a GPU/);
  });

  it('the tuner reports the missing device in its own panel', async () => {
    expect(await runTuning()).toBe(false);
    expect(useTuning.getState()).toMatchObject({ status: 'error', note: { key: 'noGpu' } });
    expect(tuneMessage(useTuning.getState().note)).toMatch(/^Nothing was tuned: WebGPU is not available/);
  });
});

describe('sweep and dot product share the preamble', () => {
  it('the sweep checks its sizes first, then the device', async () => {
    setSweepText({ sizes: '16, abc' });
    await startSweep();
    expect(say(useApp.getState().sweepError)).toMatch(/abc/);
    setSweepText({ sizes: '16, 24' });
    await startSweep();
    expect(say(useApp.getState().sweepError)).toMatch(/WebGPU is not available/);
    try {
      await i18n.changeLanguage('zh-CN');
      expect(say(useApp.getState().sweepError)).toMatch(/\p{Script=Han}/u);
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(useApp.getState().sweepStatus).toBe('idle');
    expect(useApp.getState().busy).toBe(false);
  });

  it('the dot product checks N first, then the device', async () => {
    setDotText({ n: '0' });
    await runDotView();
    const first = say(useApp.getState().dotError);
    expect(first).toBeTruthy();
    expect(first).not.toMatch(/WebGPU/);
    setDotText({ n: '1000' });
    await runDotView();
    expect(say(useApp.getState().dotError)).toMatch(/WebGPU is not available/);
    expect(useApp.getState().dotStatus).toBe('idle');
    // Kept as data: after a switch to Chinese it reads in Chinese.
    try {
      await i18n.changeLanguage('zh-CN');
      expect(say(useApp.getState().dotError)).toMatch(/\p{Script=Han}/u);
      expect(say(useApp.getState().dotError)).not.toMatch(/WebGPU is not available/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the stepper and tile selection on the CPU simulation', () => {
  it('clamp to the tile grid and the phases of the traced configuration', async () => {
    applyConfig({ m: '5', k: '9', n: '7', tile: '4' }); // 2 × 2 tiles, 3 phases of 4 steps
    await runKernels(['tiled']);
    expect(useApp.getState().selected).toEqual({ ty: 1, tx: 1 }); // the last tile, where the edges are
    expect(stepCount()).toBe(12);
    selectTile(-3, 9);
    expect(useApp.getState().selected).toEqual({ ty: 0, tx: 1 });
    moveSelection(5, -5);
    expect(useApp.getState().selected).toEqual({ ty: 1, tx: 0 });
    setStep(100);
    expect(useApp.getState().step).toBe(11);
    stepBy(-20);
    expect(useApp.getState().step).toBe(0);
    // The bounds switch simulates again without PMPP's tests: reads run past the edges and C is wrong.
    setBounds(false);
    expect(useApp.getState().trace?.bounds).toBe(false);
    expect(useApp.getState().trace?.source).toBe('cpu');
    expect(useApp.getState().trace?.wrongCount).toBeGreaterThan(0);
    setBounds(true);
    expect(useApp.getState().trace?.wrongCount).toBe(0);
  });
});
