/**
 * "Time it" (issue #38): the learner's kernel that passed its check, timed on this GPU as the ladder's
 * rungs are, with its clock, samples, spread, verification and trust verdict; placed between the rungs
 * timed the same way (and on this GPU's measured FMA roof, when the roofline section measured one),
 * never when its figure is no speed. A link's timed figure is shown as the sender's, judged by the
 * shared-figure rule, never as a measurement of this GPU.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { exercise, overallStatus, type ExerciseId } from '../../core/practice/exercises';
import { kProbeSize, kTimedTile, missOddsExponent, timedLinkTrust, timeable } from '../../core/practice/timing';
import type { Shape } from '../../core/shape';
import { spreadPercent } from '../../core/stats';
import { numberFormat, say, t as tg } from '../../i18n';
import { kernelLabel } from '../../i18n/kernels';
import { kLadderIds, type KernelId } from '../../core/kernels';
import { mayTime, softwareHere, timePractice } from '../../state/practiceTime';
import { useApp } from '../../state/store';
import { CancelRun } from '../common/CancelRun';
import { fmtGflops, fmtInt, fmtMs, fmtPercent } from '../common/format';
import { fmtDuration } from '../common/RunEstimate';
import { distrustWords } from '../common/timing';
import { TrustMarks } from '../common/TrustMarks';

/** A share as a percentage with up to 3 significant digits ("12.3%"). */
const pct = (x: number) => `${numberFormat({ maximumSignificantDigits: 3 }).format(x * 100)}%`;
const rungName = (id: string) => kernelLabel(id as KernelId);
/** M×K×N. */
const shapeText = (s: Shape) => `${s.m}×${s.k}×${s.n}`;

function SharedFigure({ id }: { id: ExerciseId }) {
  const { t } = useTranslation('practice');
  const shared = useApp((s) => (s.practiceEx === id ? s.practiceSharedTimed : undefined));
  // Beside the code it was measured with, run here or not (the learner may time it and compare).
  const beside = useApp((s) => s.practiceSharedCode !== undefined && s.practiceCode[id] === s.practiceSharedCode);
  const hash = useApp((s) => s.practiceSharedHash);
  // The code beside it, run here, failed its check: the sender's figure is then never "verified".
  const failsHere = useApp((s) => {
    const r = s.practiceResult;
    return r !== undefined && r.ex === id && r.code === s.practiceSharedCode && !(r.outcome.kind === 'ran' && overallStatus(r.outcome.shapes) === 'pass');
  });
  if (!shared || !beside) return null;
  if (!shared.ok) {
    return (
      <p className="error-summary" data-testid="exercise-shared-timed" data-bad={shared.why}>
        {t(`time.shared.bad.${shared.why}`)}
      </p>
    );
  }
  // Judged once the code's hash is known (SHA-256 is asynchronous: a moment after the page opens).
  if (hash === undefined) return null;
  const f = shared.figure;
  const v = timedLinkTrust(f, { codeHash: hash, rungs: kLadderIds });
  const verified = v.verified && !failsHere;
  const trusted = v.trusted && !failsHere;
  const why = v.trust ? distrustWords({ ...v.trust, trusted: trusted && v.trust.trusted }, f.medianMs) : undefined;
  const reasons = [...(why ?? []), ...(!v.consistent ? [t('time.shared.inconsistent')] : []), ...(!f.trusted ? [t('time.shared.senderUntrusted')] : [])];
  return (
    <div className="practice-shared-timed" data-testid="exercise-shared-timed" data-gflops={f.gflops} data-trusted={trusted} data-verified={verified} data-size={f.size} data-code-match={v.codeMatch} data-bad={v.bad.join(' ')} data-fails-here={failsHere}>
      <p>
        <strong>{t('time.shared.heading')}</strong>{' '}
        {v.bad.includes('size') || v.bad.includes('rate') ? null : t('time.shared.figure', { rate: fmtGflops(f.gflops), size: f.size, median: fmtMs(f.medianMs), samples: f.samples, clock: tg(`run:clock.name.${f.clock}`), adapter: f.adapter.description || f.adapter.vendor || '?' })}
      </p>
      {v.bad.length > 0 ? (
        <ul className="verdict-error">
          {v.bad.map((b) => (
            <li key={b} data-testid="exercise-shared-bad" data-bad={b}>
              {t(`time.shared.refused.${b}`, { size: f.size, rate: fmtGflops(f.gflops), peak: fmtGflops(v.peak.gflops), adapter: f.adapter.description || f.adapter.vendor || '?' })}
              {b === 'rate' ? ` ${v.peak.known ? t('time.shared.peakKnown') : t('time.shared.peakCap')}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {failsHere ? <p className="verdict-error">{t('time.shared.failsHere')}</p> : null}
      {v.bad.length === 0 ? (
        <p className="small">
          {trusted ? t('time.shared.trusted') : t('time.shared.untrusted', { why: reasons.join('; ') || t('time.shared.senderUntrusted') })}{' '}
          {f.below || f.above ? t('time.shared.place', { below: f.below ? rungName(f.below) : '—', above: f.above ? rungName(f.above) : '—' }) : ''}
        </p>
      ) : null}
    </div>
  );
}

export function TimePanel({ id }: { id: ExerciseId }) {
  const { t } = useTranslation('practice');
  const timed = useApp((s) => (s.practiceTimed?.ex === id ? s.practiceTimed : undefined));
  const code = useApp((s) => s.practiceCode[id]);
  const busy = useApp((s) => s.busy);
  const best = useApp((s) => s.practiceBest[id]);
  const noGpu = useApp((s) => s.gpu.state === 'unavailable');
  const may = useApp((s) => mayTime(s, id));
  const software = useApp(softwareHere);
  const ex = exercise(id);
  if (!timeable(ex)) {
    return (
      <section className="practice-time" aria-labelledby="practice-time-heading">
        <h3 id="practice-time-heading">{t('time.heading')}</h3>
        <p className="small" data-testid="exercise-time-none">{t('time.notMatmul')}</p>
      </section>
    );
  }
  const running = timed?.status === 'running';
  const current = timed && timed.code === code ? timed : undefined;
  const o = current?.outcome;
  return (
    <section className="practice-time" aria-labelledby="practice-time-heading" data-testid="exercise-time-panel">
      <h3 id="practice-time-heading">{t('time.heading')}</h3>
      <p className="small">{t('time.what')}</p>
      {software ? (
        <p className="small practice-time-software" data-testid="exercise-time-software" data-size={kProbeSize.software}>
          {t('time.software', { size: kProbeSize.software })}
        </p>
      ) : null}
      <p className="practice-actions">
        <button type="button" className="primary" data-testid="exercise-time" onClick={() => void timePractice()} disabled={!may || busy} aria-describedby="practice-time-why">
          {t('time.button')}
        </button>
        {running ? <CancelRun data-testid="exercise-time-cancel" /> : null}
        <span id="practice-time-why" className="small">
          {noGpu ? t('time.noGpu') : !may ? t('time.checkFirst') : ''}
        </span>
      </p>
      {best ? (
        <p className="small" data-testid="exercise-best" data-gflops={best.gflops} data-size={best.size}>
          {t('time.best', { rate: fmtGflops(best.gflops), size: best.size, median: fmtMs(best.medianMs), adapter: best.adapter, date: best.date })}
        </p>
      ) : null}
      <SharedFigure id={id} />
      {running && timed ? (
        <p role="status" aria-live="polite" data-testid="exercise-time-status" data-stage={timed.stage?.kind ?? ''}>
          {timed.outcome?.kind === 'timed' ? `${t('time.figure', { rate: fmtGflops(timed.outcome.gflops), size: timed.outcome.size })} · ` : ''}
          {timed.software
            ? t('time.softwareRun', { size: timed.size ?? kProbeSize.software })
            : timed.stage?.kind === 'rungs'
              ? t('time.stage.rungs', { n: timed.stage.rung ?? 0, of: timed.stage.rungs ?? 0, size: timed.size ?? kProbeSize.gpu })
              : t(`time.stage.${timed.stage?.kind ?? 'probe'}`, { size: timed.size ?? kProbeSize.gpu })}{' '}
          {timed.estimateMs !== undefined ? t('time.estimate', { time: fmtDuration(timed.estimateMs) }) : ''}
        </p>
      ) : null}
      {current && current.status === 'done' && current.error ? (
        <p className="verdict-error" data-testid="exercise-time-error">
          {t('time.failed', { error: say(current.error) })}
        </p>
      ) : null}
      {current && current.status === 'done' && o?.kind === 'not-timed' ? (
        <p className="verdict-error" data-testid="exercise-timed" data-verified="false" data-trusted="false" data-gflops="" data-why={o.why} data-shape={o.shape ? `${o.shape.m}x${o.shape.k}x${o.shape.n}` : ''} data-sample={o.verification?.checked ?? ''} data-sample-seed={o.sampleSeed ?? ''}>
          ✗{' '}
          {o.why === 'wrong'
            ? t('time.not.wrong', { shape: o.shape ? shapeText(o.shape) : '', wrong: fmtInt(o.verification?.mismatches ?? 0), checked: fmtInt(o.verification?.checked ?? 0) })
            : t(`time.not.${o.why}`, { size: o.size ?? kProbeSize.gpu })}
        </p>
      ) : null}
      {/* The figure with its place, once the whole run is done (the rungs are timed after the learner's kernel). */}
      {current && current.status === 'done' && o?.kind === 'timed' && current.trust ? <Timed t={t} timed={current} /> : null}
    </section>
  );
}

type PracticeTimedDone = NonNullable<ReturnType<typeof useApp.getState>['practiceTimed']>;

function Timed({ t, timed }: { t: ReturnType<typeof useTranslation<'practice'>>['t']; timed: PracticeTimedDone }) {
  const o = timed.outcome;
  const box = useRef<HTMLDivElement>(null);
  // A new figure comes into view (it appears below the button, often past the fold).
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [timed.seq, timed.status]);
  if (o?.kind !== 'timed' || !timed.trust) return null;
  const v = o.verification;
  const trust = timed.trust;
  const stats = o.timing.stats;
  const why = distrustWords(trust, stats.median);
  const place = timed.place;
  // The estimate gives way to what happened (issue #46).
  const took = timed.estimateMs !== undefined && timed.tookMs !== undefined ? tg('common:estimate.took', { estimated: fmtDuration(timed.estimateMs), actual: fmtDuration(timed.tookMs) }) : undefined;
  return (
    <div
      ref={box}
      className="practice-timed"
      data-testid="exercise-timed"
      data-gflops={v.ok ? o.gflops : ''}
      data-verified={v.ok}
      data-trusted={v.ok && trust.trusted}
      data-size={o.size}
      data-median-ms={stats.median}
      data-clock={o.timing.clock}
      data-samples={stats.n}
      data-sample={v.checked}
      data-sample-seed={o.sampleSeed}
      data-of-best={place?.ofBest ?? ''}
      data-of-roof={place ? (timed.ofRoof ?? '') : ''}
      data-estimate-ms={timed.estimateMs !== undefined ? Math.round(timed.estimateMs) : undefined}
      data-actual-ms={timed.tookMs !== undefined ? Math.round(timed.tookMs) : undefined}
    >
      {v.ok ? (
        <p data-speed="here">
          <strong>
            {trust.trusted ? '✓ ' : '⚠ '}
            {t('time.figure', { rate: fmtGflops(o.gflops), size: o.size })}
          </strong>
          <TrustMarks verdict={trust} />{' '}
          {t('time.detail', { median: fmtMs(stats.median), samples: fmtInt(stats.n), dps: fmtInt(o.timing.dispatchesPerSample), spread: fmtPercent(spreadPercent(stats)), clock: tg(`run:clock.name.${o.timing.clock}`) })}{' '}
          {t('time.verified', { checked: fmtInt(v.checked), total: fmtInt(v.total) })}{' '}
          {took !== undefined ? (
            <span data-testid="exercise-time-took">{took} </span>
          ) : null}
          <span data-testid="exercise-timed-sample">
            {v.full
              ? t('time.sampleFull', { sample: fmtInt(v.checked), seed: o.sampleSeed })
              : t('time.sampleDrawn', { sample: fmtInt(v.checked), random: fmtInt(v.sampled?.random ?? 0), seed: o.sampleSeed, exp: missOddsExponent(v.sampled?.random ?? 0) })}
          </span>{' '}
          {o.checks.length > 0 ? t('time.checks', { shapes: o.checks.map((c) => shapeText(c.shape)).join(', ') }) : null}
        </p>
      ) : (
        <p className="verdict-error">✗ {t('time.notVerified', { size: o.size, wrong: fmtInt(v.mismatches), checked: fmtInt(v.checked), tile: kTimedTile, checkTile: exercise(timed.ex).constants.tile })}</p>
      )}
      {v.ok && !trust.trusted ? (
        <p className="small" data-testid="exercise-time-untrusted">
          {t('time.untrusted', { why: (why ?? []).join('; ') })}
        </p>
      ) : null}
      {place ? (
        <p
          data-testid="exercise-place"
          data-below={place.below ?? ''}
          data-above={place.above ?? ''}
          data-of-best={place.ofBest ?? ''}
          data-of-roof={timed.ofRoof ?? ''}
          data-best={place.best ?? ''}
        >
          {place.below && place.above
            ? t('time.place.between', { below: rungName(place.below), above: rungName(place.above), size: o.size })
            : place.above
              ? t('time.place.slowest', { above: rungName(place.above), size: o.size })
              : t('time.place.fastest', { below: rungName(place.below ?? ''), size: o.size })}{' '}
          {place.ofBest !== undefined && place.best ? t('time.place.ofBest', { share: pct(place.ofBest), best: rungName(place.best) }) : ''}{' '}
          {timed.ofRoof !== undefined ? t('time.place.ofRoof', { share: pct(timed.ofRoof) }) : t('time.place.noRoof')}
        </p>
      ) : v.ok ? (
        <p className="small" data-testid="exercise-place-none">
          {timed.rungsSkipped === 'software' ? t('time.place.noneSoftware') : !trust.trusted ? t('time.place.noneUntrusted') : t('time.place.noneRungs')}
        </p>
      ) : null}
      {timed.rungs && timed.rungs.length > 0 ? (
        <details data-testid="exercise-time-rungs">
          <summary>{t('time.rungs.summary', { count: timed.rungs.length, size: o.size })}</summary>
          <table className="practice-rungs">
            <thead>
              <tr>
                <th scope="col">{t('time.rungs.rung')}</th>
                <th scope="col">{t('time.rungs.rate')}</th>
                <th scope="col">{t('time.rungs.median')}</th>
                <th scope="col">{t('time.rungs.verdict')}</th>
              </tr>
            </thead>
            <tbody>
              {timed.rungs.map((r) => (
                <tr key={r.id} data-testid="exercise-time-rung" data-rung={r.id} data-gflops={'gflops' in r ? r.gflops : ''} data-trusted={'trust' in r ? r.trust.trusted && r.verified : false}>
                  <th scope="row">{rungName(r.id)}</th>
                  {'gflops' in r ? (
                    <>
                      <td>{r.verified ? fmtGflops(r.gflops) : '—'}</td>
                      <td>{fmtMs(r.medianMs)}</td>
                      <td>{!r.verified ? t('time.rungs.notVerified') : r.trust.trusted ? t('time.rungs.trusted') : (distrustWords(r.trust, r.medianMs) ?? []).join('; ')}</td>
                    </>
                  ) : (
                    <td colSpan={3}>{say(r.error)}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </div>
  );
}
