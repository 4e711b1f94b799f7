import type { Trust } from '../../core/trust';
import { distrustMark } from './timing';

/**
 * A figure's marks under the trust rule (core/trust, through state/trust runTrustHere or pointTrust):
 * one short word and symbol per reason, each with the automation contract's test id
 * (point-untimeable, point-noisy, point-implausible, point-software). Nothing when the figure is
 * trusted. Every place that shows a speed this page measured puts it beside the figure (issue #46),
 * in an element marked `data-speed="here"` (e2e/softwareMarks.spec.ts finds them all).
 */
export function TrustMarks({ verdict }: { verdict: Trust | undefined }) {
  if (!verdict || verdict.trusted) return null;
  // A software adapter is named first (issue #45): it decides before noise or size does.
  const reasons = [...verdict.reasons].sort((a, b) => Number(b === 'software') - Number(a === 'software'));
  return (
    <>
      {reasons.map((reason) => (
        <span key={reason} className="trust-mark" data-testid={`point-${reason}`}>
          {' '}
          {distrustMark(verdict, reason)}
        </span>
      ))}
    </>
  );
}
