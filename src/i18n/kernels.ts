/**
 * The kernels' words: core/kernels.ts is the record (data, no words); its names, summaries,
 * tunables' docs and mapping sentences are said here, in the language in use, from the ids and
 * keys the record carries (the 'run' catalogue: kernel.<id>.label/.summary, tunable.<name>,
 * mapping.<key>). state/, ui/ and the headless bench's output call these.
 */
import { kStripBand, mappingSaid, type KernelId, type MappingWords } from '../core/kernels';
import { paramsLabel, type Candidate } from '../core/tuning';
import { say, t } from './index';

/** A kernel's name in the language in use. */
export function kernelLabel(id: KernelId): string {
  return t(`run:kernel.${id}.label`);
}

/** A kernel's one-line summary (what changed from the rung below) in the language in use. */
export function kernelSummary(id: KernelId): string {
  return t(`run:kernel.${id}.summary`, { band: kStripBand });
}

/** Why a ladder rung pays against the rung below it, in one paragraph (undefined for the strip kernel, which is not a rung). */
export function kernelWhy(id: KernelId): string | undefined {
  return id === 'strip' ? undefined : t(`run:kernel.${id}.why`);
}

/** A tunable's doc in the language in use (its name where the catalogue has no sentence for it). */
export function tunableDoc(name: string): string {
  return name === 'BK' || name === 'GROUP' || name === 'S' ? t(`run:tunable.${name}`) : name;
}

/** Which mapping ran, in words, in the language in use (the result card; the headless bench in English). */
export function mappingText(m: MappingWords): string {
  return say(mappingSaid(m));
}

/** "Kernel label (GROUP=8)": a tuner candidate in words, in the language in use. */
export function candidateLabel(c: Candidate): string {
  const p = paramsLabel(c.params);
  return p ? t('run:tuner.candidate', { label: kernelLabel(c.kernel), params: p }) : kernelLabel(c.kernel);
}
