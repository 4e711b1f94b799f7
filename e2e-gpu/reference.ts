import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The headless Dawn figures the browser's are compared with (issue #39: within 10 %, or explained):
 * the raw lines of earlier rounds in bench/results/, read as they came back (one JSON line per
 * verified point). H100: round 7 (every rung, 512–4096, 2026-11-22) with round 8's blk128x256;
 * H200: ladder3 (naive to subgroup at 1024–4096, 2026-11-22). Nothing here is a figure of this run.
 */
export interface RefPoint {
  readonly tflops: number;
  readonly gpu: 'H100' | 'H200';
  readonly source: string;
}

const kSets: Record<'H100' | 'H200', readonly string[]> = {
  H100: ['round7/callT/dawn.jsonl', 'round7/callU/dawn.jsonl', 'round7/callV/dawn.jsonl', 'round8/callAD/dawn.jsonl'],
  H200: ['ladder3/dawn.jsonl'],
};

/** `${kernel}@${m}x${k}x${n}`; the seed tiled kernel only at tile 16 (the lesson's and the ladder's). */
export const refKey = (kernel: string, m: number, k: number, n: number) => `${kernel}@${m}x${k}x${n}`;

export function loadReference(root: string): Map<string, RefPoint[]> {
  const out = new Map<string, RefPoint[]>();
  for (const [gpu, files] of Object.entries(kSets) as ['H100' | 'H200', readonly string[]][]) {
    for (const f of files) {
      const path = join(root, 'bench/results', f);
      if (!existsSync(path)) continue;
      // Later files override earlier ones for the same point (round 8 changed blk128x256).
      const seen = new Map<string, RefPoint>();
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        let d: { kernel?: string; m?: number; k?: number; n?: number; tile?: number | null; gflops?: number; verified?: boolean };
        try {
          d = JSON.parse(line);
        } catch {
          continue;
        }
        if (!d.kernel || !d.m || !d.k || !d.n || !d.gflops || d.verified !== true) continue;
        if (d.kernel === 'tiled' && d.tile !== 16) continue;
        seen.set(refKey(d.kernel, d.m, d.k, d.n), { tflops: d.gflops / 1000, gpu, source: `bench/results/${f}` });
      }
      for (const [key, p] of seen) {
        const list = (out.get(key) ?? []).filter((q) => q.gpu !== gpu);
        out.set(key, [...list, p]);
      }
    }
  }
  return out;
}

/** The reference point for this GPU when there is one, else the other GPU's (the comparison names which). */
export function refFor(refs: Map<string, RefPoint[]>, key: string, gpu: string): RefPoint | undefined {
  const list = refs.get(key) ?? [];
  return list.find((p) => gpu.includes(p.gpu)) ?? list[0];
}
