/**
 * The headless bench's command line (see main.ts's header for what each option does), parsed by
 * node:util's parseArgs (Node and Deno both have it): every option declared once here, an unknown
 * option or a missing value refused with its name instead of being ignored.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Every option, by name (without the leading --). */
export const kBenchOptions = {
  sizes: { type: 'string' },
  shapes: { type: 'string' },
  kernels: { type: 'string' },
  tiles: { type: 'string' },
  pattern: { type: 'string' },
  seed: { type: 'string' },
  budget: { type: 'string' },
  wall: { type: 'boolean' },
  'until-ci': { type: 'boolean' },
  'default-limits': { type: 'boolean' },
  'max-submit-ms': { type: 'string' },
  params: { type: 'string' },
  features: { type: 'boolean' },
  pool: { type: 'boolean' },
  auto: { type: 'boolean' },
  repeat: { type: 'string' },
  tune: { type: 'boolean' },
  source: { type: 'string', multiple: true },
  roofline: { type: 'boolean' },
  'copy-mib': { type: 'string' },
  'copy-wg': { type: 'string' },
  'copy-vpt': { type: 'string' },
  'copy-mode': { type: 'string' },
  'copy-groups': { type: 'string' },
  'copy-source': { type: 'string' },
  'copy-variants': { type: 'string' },
  'fma-wg': { type: 'string' },
  'fma-inv': { type: 'string' },
  'fma-iters': { type: 'string' },
  'fma-off': { type: 'boolean' },
  probes: { type: 'boolean' },
  'probe-mib': { type: 'string' },
  'dawn-flags': { type: 'string' },
  practice: { type: 'string' },
  code: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The parsed options: a string (or, for --source, the list of them) where given, true for a flag given, absent otherwise. */
export type BenchArgs = ReturnType<typeof parseBenchArgs>;

/** The command line's options, or a thrown Error whose message names the option at fault. */
export function parseBenchArgs(args: readonly string[]) {
  return parseArgs({ args: [...args], options: kBenchOptions, strict: true, allowPositionals: false }).values;
}
