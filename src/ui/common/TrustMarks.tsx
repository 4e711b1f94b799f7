import type { Trust } from '../../core/trust';
import { sentenceGap } from '../../i18n/words';
import { distrustMark } from './timing';

/**
 * A figure's marks under the trust rule (core/trust, through state/trust runTrustHere or pointTrust):
 * one short word and symbol per reason, each with the automation contract's test id
 * (point-untimeable, point-noisy, point-implausible, point-software). Nothing when the figure is
 * trusted. Every place that shows a speed this page measured puts it beside the figure (issue #46),
 * in an element marked `data-speed="here"` (e2e/softwareMarks.spec.ts finds them all).
 * `afterSentence`: the marks follow a whole sentence, so the first is set off as sentences are
 * (sentenceGap: a space in English, none after Chinese "。"); beside a figure, a space.
 */
export function TrustMarks({ verdict, afterSentence = false }: { verdict: Trust | undefined; afterSentence?: boolean }) {
  if (!verdict || verdict.trusted) return null;
  // A software adapter is named first (issue #45): it decides before noise or size does.
  const reasons = [...verdict.reasons].sort((a, b) => Number(b === 'software') - Number(a === 'software'));
  return (
    <>
      {reasons.map((reason, i) => (
        <span key={reason} className="trust-mark" data-testid={`point-${reason}`}>
          {i === 0 && afterSentence ? sentenceGap() : ' '}
          {distrustMark(verdict, reason)}
        </span>
      ))}
    </>
  );
}
