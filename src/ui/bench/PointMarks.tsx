import type { BenchPoint } from '../../core/bench';
import { pointTrust } from '../../state/trust';
import { distrustMark } from '../common/timing';

/**
 * A point's marks under the trust rule (core/trust pointTrust, from the figures the point carries,
 * so a shared link shows the same marks as the page that made it): a word and a symbol each, with
 * the automation contract's test ids (point-untimeable, point-noisy, point-implausible, point-software:
 * `software`, the point was measured on a software adapter, core/trust softwareAdapter).
 */
export function PointMarks({ point, software }: { point: BenchPoint; software?: boolean }) {
  const v = pointTrust(point, { software });
  if (!v || v.trusted) return null;
  return (
    <>
      {v.reasons.map((reason) => (
        <span key={reason} className="trust-mark" data-testid={`point-${reason}`}>
          {' '}
          {distrustMark(v, reason)}
        </span>
      ))}
    </>
  );
}
