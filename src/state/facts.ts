/**
 * Facts the views show that are defined beside the GPU code (clock names, the timing's step rule,
 * the tuner's candidates): the views read them here (kernel facts come from core/kernels), never from gpu/ directly (ui → state → gpu).
 */
export { kClockLabels, kStepsPerSample } from '../gpu/timing';
export { candidateLabel, kTuneCandidates } from '../gpu/tuner';
