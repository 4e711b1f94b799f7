/**
 * Facts the views show that are defined beside the GPU code (the timing's step rule, the tuner's
 * candidates): the views read them here, never from gpu/ directly (ui → state → gpu). Kernel facts
 * come from core/kernels and clock names from core/clock.
 */
export { kStepsPerSample } from '../gpu/timing';
export { candidateLabel } from '../i18n/kernels';
export { kMismatchNote, kTuneCandidates, tuneCandidates } from '../gpu/tuner';
export { kConfirmMs, kConfirmPageBytes } from '../gpu/estimate';
