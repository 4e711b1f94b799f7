// i18n-pending: this file's words are not in the catalogues yet
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { fmtBytes, fmtGflops, fmtMs } from '../core/format';
import { shapeLabel } from '../core/shape';
import { kConfirmMs, kConfirmPageBytes } from '../state/facts';
import { answerRun, useEstimate } from '../state/estimate';

/** Every string of this component, in one place (whole sentences, for translation later). */
const kText = {
  measuring: 'Measuring this GPU’s rate for the estimate…',
  heading: 'Estimate before running',
  time: (shape: string, time: string) => `${shape}: about ${time} in all on this GPU (data, upload, warm-up, timed samples, verification).`,
  timeUnknown: (shape: string) => `${shape}: the time cannot be estimated (the rate could not be measured on this GPU).`,
  kernel: (label: string, rate: string, dispatch: string) => `${label}: measured ${rate} on a small problem, so one multiplication takes about ${dispatch}.`,
  kernelUnknown: (label: string) => `${label}: no rate measured.`,
  memory: (page: string, gpu: string) => `Memory: about ${page} in this page and ${gpu} on the GPU.`,
  askTime: (limit: string) => `This run would take longer than ${limit}; the page stays usable and Cancel stops it at any point.`,
  askMemory: (limit: string) => `This run needs more than ${limit} of page memory; the browser may slow down or close the tab.`,
  question: 'Start it?',
  go: 'Continue',
  stop: 'Cancel',
  minutes: (n: string) => `${n} min`,
  hours: (n: string) => `${n} h`,
  days: (n: string) => `${n} days`,
} as const;

/** A duration for people: seconds and below as fmtMs, then minutes, hours, days. */
function fmtDuration(ms: number): string {
  const round = (v: number) => (v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US'));
  if (!(ms >= 120_000)) return fmtMs(ms);
  if (ms < 2 * 3600_000) return kText.minutes(round(ms / 60_000));
  if (ms < 72 * 3600_000) return kText.hours(round(ms / 3600_000));
  return kText.days(round(ms / 86_400_000));
}

/**
 * The estimate of a large run (time and memory, from this GPU's measured rate) and, when the run is
 * long or needs much memory, the question whether to start it: Continue / Cancel, keyboard
 * operable (focus moves to it; Enter or Space on a button, Escape cancels).
 */
export function RunEstimate() {
  const { estimate, asking, measuring } = useEstimate();
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancelButton.current?.focus();
  }, [asking]);
  if (measuring) return <p className="small" role="status" data-testid="run-estimate-measuring">{kText.measuring}</p>;
  if (!estimate) return null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      answerRun(false);
    }
  };
  return (
    <div
      className="run-estimate"
      data-testid="run-estimate"
      data-total-ms={estimate.totalMs !== undefined ? Math.round(estimate.totalMs) : ''}
      data-page-bytes={estimate.pageBytes}
      data-gpu-bytes={estimate.gpuBytes}
      data-asking={asking}
      role={asking ? 'alertdialog' : 'status'}
      aria-labelledby="run-estimate-heading"
      aria-describedby="run-estimate-body"
      onKeyDown={asking ? onKey : undefined}
    >
      <strong id="run-estimate-heading">{kText.heading}</strong>
      <div id="run-estimate-body">
        <p>{estimate.totalMs !== undefined ? kText.time(shapeLabel(estimate.shape), fmtDuration(estimate.totalMs)) : kText.timeUnknown(shapeLabel(estimate.shape))}</p>
        <ul>
          {estimate.kernels.map((k) => {
            const label = estimate.labels[k.kernel] ?? k.kernel;
            return (
              <li key={k.kernel}>
                {k.dispatchMs !== undefined ? kText.kernel(label, fmtGflops((2 * estimate.shape.m * estimate.shape.k * estimate.shape.n) / (k.dispatchMs * 1e6)), fmtDuration(k.dispatchMs)) : kText.kernelUnknown(label)}
              </li>
            );
          })}
        </ul>
        <p>{kText.memory(fmtBytes(estimate.pageBytes), fmtBytes(estimate.gpuBytes))}</p>
        {asking && estimate.confirm.includes('time') && <p>{kText.askTime(fmtDuration(kConfirmMs))}</p>}
        {asking && estimate.confirm.includes('memory') && <p>{kText.askMemory(fmtBytes(kConfirmPageBytes))}</p>}
      </div>
      {asking && (
        <p className="run-buttons">
          <span>{kText.question} </span>
          <button type="button" className="primary" data-testid="estimate-continue" onClick={() => answerRun(true)}>
            {kText.go}
          </button>
          <button type="button" ref={cancelButton} data-testid="estimate-cancel" onClick={() => answerRun(false)}>
            {kText.stop}
          </button>
        </p>
      )}
    </div>
  );
}
