/** Actions of the dot-product view. */
import { kDotMaxN, kDotWorkgroupSizes } from '../core/dot';
import { cpuHost } from '../gpu/cpuHost';
import { parseDimension } from '../core/input';
import { failureOf } from '../gpu/device';
import { runDot } from '../gpu/dot';
import { withRun, type Refusal } from './runs';
import { useApp } from './store';
import type { DotState } from './dotState';
import { said, say, t as tr } from '../i18n';

export function setDotText(patch: Partial<DotState['dotText']>): void {
  useApp.setState((s) => ({ dotText: { ...s.dotText, ...patch } }));
}

export function parseDot(t: DotState['dotText']): { n?: number; wg?: number; maxWg?: number; error?: string } {
  const n = parseDimension(t.n, 'N', kDotMaxN);
  if (!n.ok) return { error: say(n.message) };
  const wg = Number(t.workgroupSize);
  if (!(kDotWorkgroupSizes as readonly number[]).includes(wg)) return { error: tr('bench:dot.wgChoice', { sizes: kDotWorkgroupSizes.join(', ') }) };
  const maxWg = parseDimension(t.maxWorkgroups, tr('bench:dot.workgroupsField'));
  if (!maxWg.ok) return { error: say(maxWg.message) };
  if (maxWg.value > 65535) return { error: tr('bench:dot.maxWorkgroups') };
  return { n: n.value, wg, maxWg: maxWg.value };
}


export async function runDotView(): Promise<void> {
  const s = useApp.getState();
  let p: ReturnType<typeof parseDot> = {};
  const inputs = (): string | undefined => {
    p = parseDot(s.dotText);
    return p.error !== undefined || p.n === undefined || p.wg === undefined || p.maxWg === undefined ? (p.error ?? tr('bench:dot.invalid')) : undefined;
  };
  const refuse = (r: Refusal): void => {
    if (r.why === 'inputs') useApp.setState({ dotError: r.message });
    else if (r.why === 'no-gpu') useApp.setState({ dotError: said('bench:dot.noGpu') });
  };
  await withRun({ inputs, refuse }, async ({ ctx, signal }) => {
    const { n, wg, maxWg } = p;
    if (n === undefined || wg === undefined || maxWg === undefined) return;
    useApp.setState({ dotStatus: 'running', dotError: '', dotResult: undefined, dotPlaying: false });
    try {
      // The vectors (2 × 128 MiB at N = 2^25) and their f64 reference are made in the worker: on the
      // page's thread they held it for most of a second.
      const { reference, ...data } = await cpuHost().dot(n, s.dotText.pattern, 1, { signal });
      const r = await runDot(ctx, data, s.dotText.pattern, { workgroupSize: wg, maxWorkgroups: maxWg, gpuFinal: s.dotText.gpuFinal, reference, signal });
      useApp.setState({ dotResult: r, dotStatus: r.verified ? 'verified' : 'mismatch', dotWorkgroup: 0, dotStep: 0, dotPlaying: false });
    } catch (e) {
      useApp.setState({ dotStatus: 'error', dotError: failureOf(e) });
    }
  });
}

/** The reduction's steps: step 0 (every invocation's partial sum) and one per halving. */
export function dotStepCount(): number {
  const r = useApp.getState().dotResult;
  return r?.trace ? Math.log2(r.workgroupSize) + 1 : 0;
}

export function setDotStep(step: number): void {
  const r = useApp.getState().dotResult;
  if (!r) return;
  const max = Math.log2(r.workgroupSize);
  useApp.setState({ dotStep: Math.max(0, Math.min(max, step)) });
}

export function stepDotBy(delta: number): void {
  setDotStep(useApp.getState().dotStep + delta);
}

export function setDotPlaying(dotPlaying: boolean): void {
  useApp.setState({ dotPlaying });
}

/** Play from the start when at the last step; pause when playing. */
export function toggleDotPlaying(): void {
  const s = useApp.getState();
  if (!s.dotPlaying && s.dotStep >= dotStepCount() - 1) setDotStep(0);
  useApp.setState({ dotPlaying: !s.dotPlaying });
}

export function setDotClassroom(dotClassroom: boolean): void {
  useApp.setState(dotClassroom ? { dotClassroom } : { dotClassroom, dotPlaying: false });
}

export function setDotWorkgroup(w: number): void {
  const r = useApp.getState().dotResult;
  if (!r) return;
  useApp.setState({ dotWorkgroup: Math.max(0, Math.min(r.workgroups - 1, w)) });
}
