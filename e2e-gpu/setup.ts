import { rmSync } from 'node:fs';

/** Once per run of the GPU suite: the report starts empty (its tests merge into it, e2e-gpu/app.gpu.ts). */
export default function setup(): void {
  rmSync(process.env.GPU_REPORT ?? 'test-results/e2e-gpu/report.json', { force: true });
}
