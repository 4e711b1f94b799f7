/** Actions of the dot-product view. */
import { dotData, kDotMaxN, kDotWorkgroupSizes } from '../core/dot';
import { parseDimension } from '../core/input';
import { GpuRunError } from '../gpu/device';
import { runDot } from '../gpu/dot';
import { initGpu, useApp } from './store';
import type { DotState } from './dotState';

export function setView(view: DotState['view']): void {
  useApp.setState({ view });
}

export function setDotText(patch: Partial<DotState['dotText']>): void {
  useApp.setState((s) => ({ dotText: { ...s.dotText, ...patch } }));
}

export function parseDot(t: DotState['dotText']): { n?: number; wg?: number; maxWg?: number; error?: string } {
  const n = parseDimension(t.n, 'N', kDotMaxN);
  if (!n.ok) return { error: n.message };
  const wg = Number(t.workgroupSize);
  if (!(kDotWorkgroupSizes as readonly number[]).includes(wg)) return { error: `Workgroup size must be one of ${kDotWorkgroupSizes.join(', ')}.` };
  const maxWg = parseDimension(t.maxWorkgroups, 'Workgroups');
  if (!maxWg.ok) return { error: maxWg.message };
  if (maxWg.value > 65535) return { error: 'At most 65535 workgroups.' };
  return { n: n.value, wg, maxWg: maxWg.value };
}

export async function runDotView(): Promise<void> {
  const s = useApp.getState();
  if (s.busy) return;
  const p = parseDot(s.dotText);
  if (p.error || p.n === undefined || p.wg === undefined || p.maxWg === undefined) {
    useApp.setState({ dotError: p.error ?? 'Invalid input.' });
    return;
  }
  const ctx = await initGpu();
  if (!ctx) {
    useApp.setState({ dotError: 'WebGPU is not available here (see the GPU panel).' });
    return;
  }
  useApp.setState({ busy: true, dotStatus: 'running', dotError: '', dotResult: undefined });
  try {
    const data = dotData(p.n, s.dotText.pattern);
    const r = await runDot(ctx, data, s.dotText.pattern, { workgroupSize: p.wg, maxWorkgroups: p.maxWg, gpuFinal: s.dotText.gpuFinal });
    useApp.setState({ dotResult: r, dotStatus: r.verified ? 'verified' : 'mismatch', dotWorkgroup: 0, dotStep: 0 });
  } catch (e) {
    useApp.setState({ dotStatus: 'error', dotError: e instanceof GpuRunError || e instanceof Error ? e.message : String(e) });
  } finally {
    useApp.setState({ busy: false });
  }
}

export function setDotStep(step: number): void {
  const r = useApp.getState().dotResult;
  if (!r) return;
  const max = Math.log2(r.workgroupSize);
  useApp.setState({ dotStep: Math.max(0, Math.min(max, step)) });
}

export function setDotWorkgroup(w: number): void {
  const r = useApp.getState().dotResult;
  if (!r) return;
  useApp.setState({ dotWorkgroup: Math.max(0, Math.min(r.workgroups - 1, w)) });
}
