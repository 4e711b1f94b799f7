import type { BenchPoint } from '../../core/bench';
import { pointTrust } from '../../state/trust';
import { TrustMarks } from '../common/TrustMarks';

/**
 * A point's marks under the trust rule (core/trust pointTrust, from the figures the point carries,
 * so a shared link shows the same marks as the page that made it), drawn as every other speed's are
 * (TrustMarks: a software adapter named first, then each other reason, with the automation contract's
 * test ids point-software, point-untimeable, point-noisy, point-implausible).
 */
export function PointMarks({ point, software }: { point: BenchPoint; software?: boolean }) {
  return <TrustMarks verdict={pointTrust(point, { software })} />;
}
