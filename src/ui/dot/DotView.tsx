import { Fragment, useMemo, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useRevealAfterRun } from '../common/useRevealAfterRun';
import { activeAt, formatDotValue, kDotWorkgroupSizes, reductionSchedule } from '../../core/dot';
import { fitValue } from '../../core/notation';
import { dotStepCount, parseDot, runDotView, setDotClassroom, setDotPlaying, setDotStep, setDotText, setDotWorkgroup, stepDotBy, toggleDotPlaying } from '../../state/dot';
import { ClassroomStage, useBox } from '../lesson/ClassroomStage';
import { KeyHintLine, StepButtons, usePlaying, type StepButtonIds } from '../lesson/PhaseStepper';
import { useStepperKeys, type StepperActions } from '../lesson/useStepperKeys';
import { useApp } from '../../state/store';
import { fmtBelowResolution, fmtMs, isBelowResolution } from '../common/format';
import { distrustHeadline, untimeableRun, verdictOf } from '../common/timing';
import { TrustMarks } from '../common/TrustMarks';
import { sentenceGap } from '../../i18n/words';
import { numberFormat, say } from '../../i18n';

/** Notation, the same in every language: the sum shown, and the mark of a lane whose value is read. */
const kSumNotation = 'Σ a[i]·b[i] =';
const kReadMark = ' ↩';

/** A count in the reader's language (grouping). */
const fmtCount = (n: number) => numberFormat().format(n);

/** The keys on the page (← / →; the presentation adds Space, F and Esc). */
const kPageKeys = 'lesson';
/** Lanes a row of the reduction's grid. */
const kLanesPerRow = 16;
// i18n-exempt: notation (the invocation index t of the kernel, the corner of the classroom grid)
const kIndexCorner = 't';
// i18n-exempt: test ids
const kDotIds: StepButtonIds = { prev: 'dot-step-prev', play: 'dot-play', next: 'dot-step-next', speed: 'dot-speed', slider: 'dot-slider' };

/** What the stepper keys do on the dot product's reduction (no W A S D: nothing to move). */
const kDotActions: StepperActions = { stepBy: stepDotBy, togglePlaying: toggleDotPlaying, leave: () => setDotClassroom(false) };

const dotAtEnd = () => useApp.getState().dotStep >= dotStepCount() - 1;
const advanceDot = () => stepDotBy(1);
const stopDot = () => setDotPlaying(false);

/** The reduction at the selected workgroup and step: the GPU's recorded cache[] and what marks each lane. */
function useReduction() {
  const r = useApp((s) => s.dotResult);
  const w = useApp((s) => s.dotWorkgroup);
  const step = useApp((s) => s.dotStep);
  const playing = useApp((s) => s.dotPlaying);
  const { t } = useTranslation('bench');
  const cells = useMemo(() => {
    if (!r?.trace) return undefined;
    const steps = Math.log2(r.workgroupSize);
    const base = (w * (steps + 1) + step) * r.workgroupSize;
    return Array.from(r.trace.subarray(base, base + r.workgroupSize));
  }, [r, w, step]);
  // The widest value of this workgroup over every step (the classroom's type size stays the same from step to step).
  const widest = useMemo(() => {
    if (!r?.trace) return 1;
    const steps = Math.log2(r.workgroupSize) + 1;
    const base = w * steps * r.workgroupSize;
    let most = 1;
    for (const v of r.trace.subarray(base, base + steps * r.workgroupSize)) most = Math.max(most, fitValue(v, 12).length);
    return most;
  }, [r, w]);
  const total = r?.trace ? Math.log2(r.workgroupSize) + 1 : 0;
  usePlaying(playing, total, dotAtEnd, advanceDot, stopDot);
  if (!r) return undefined;
  const schedule = reductionSchedule(r.workgroupSize);
  const stride = step === 0 ? 0 : schedule[step - 1]!;
  const active = activeAt(r.workgroupSize, step);
  const label =
    step === 0
      ? t('dot.reduction.step0', { steps: schedule.length })
      : t('dot.reduction.step', { step, steps: schedule.length, stride, last: stride - 1 });
  const lanes = cells?.map((v, i) => ({
    t: i,
    v,
    active: step > 0 && i < active,
    read: step > 0 && i >= stride && i < 2 * stride,
    live: step === 0 || i < (schedule[step - 1] ?? 0) * 2,
  }));
  return { r, w, step, playing, total, label, lanes, widest };
}

type Reduction = NonNullable<ReturnType<typeof useReduction>>;

/** The stepper's buttons, speed, slider and workgroup: the page's and the classroom's. */
function DotStepButtons({ red }: { red: Reduction }) {
  const { t } = useTranslation(['bench', 'viz']);
  return (
    <StepButtons step={red.step} total={red.total} playing={red.playing} setStep={setDotStep} togglePlaying={toggleDotPlaying} group={t('dot.reduction.stepper')} sliderWord={t('viz:stepper.stepAria')} ids={kDotIds}>
      <label className="dot-wg-field">
        {t('dot.reduction.workgroup')}{' '}
        <input type="number" min={0} max={red.r.workgroups - 1} value={red.w} onChange={(e) => setDotWorkgroup(Number(e.target.value))} data-testid="dot-workgroup" />
      </label>
    </StepButtons>
  );
}

/** One lane's class: active (outlined, bold), read (↩), no longer used (dotted). */
const laneClass = (l: { active: boolean; read: boolean; live: boolean }) => `lane${l.active ? ' active' : ''}${l.read ? ' read' : ''}${l.live ? '' : ' nostore'}`;

function ReductionView() {
  const { t } = useTranslation(['bench', 'viz']);
  const red = useReduction();
  useStepperKeys('lesson', Boolean(red?.lanes), undefined, kDotActions);
  if (!red) return null;
  const { r, w, label, lanes } = red;
  return (
    <section className="panel" aria-labelledby="red-heading" data-testid="dot-reduction">
      <h2 id="red-heading">{t('dot.reduction.heading', { w })}</h2>
      {!lanes ? (
        <p className="small">{t('dot.reduction.tooLarge', { n: fmtCount(r.n) })}</p>
      ) : (
        <>
          <p className="small">{t('dot.reduction.intro')}</p>
          <div className="dot-stepper-bar">
            <DotStepButtons red={red} />
            <button type="button" data-testid="classroom-toggle" aria-pressed="false" onClick={() => setDotClassroom(true)} title={t('dot.classroom.enterHint')}>
              {t('viz:vizbar.enter')}
            </button>
          </div>
          <KeyHintLine mode={kPageKeys} move={false} />
          <p className="phase-label" data-testid="dot-step-label" aria-live="polite">
            {label}
          </p>
          <div className="lanes dot-lanes" style={{ gridTemplateColumns: `repeat(${Math.min(kLanesPerRow, r.workgroupSize)}, 1fr)` }}>
            {lanes.map((l) => (
              <div key={l.t} className={laneClass(l)} data-testid={`dot-cell-${l.t}`} data-active={l.active ? 'true' : 'false'} title={`cache[${l.t}] = ${l.v}`}>
                <span className="lane-src">
                  {l.t}
                  {l.read ? kReadMark : ''}
                </span>
                <span className="lane-val">{formatDotValue(l.v)}</span>
              </div>
            ))}
          </div>
          <p className="small">
            <Trans t={t} i18nKey="dot.reduction.sum" values={{ w, value: formatDotValue(r.partials[w]!) }} components={{ strong: <strong /> }} />
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The dot product's classroom mode: the reduction stepper as a presentation (the stage, the keys
 * and their hint shared with the lesson's, ClassroomStage). The lanes fill the space left, with
 * their indices along the top and the side; every box keeps its size from step to step.
 */
export function DotClassroom() {
  const { t } = useTranslation('bench');
  const red = useReduction();
  const [boxRef, box] = useBox<HTMLDivElement>();
  const lanes = red?.lanes;
  let grid = null;
  if (red && lanes) {
    const gap = 3;
    // One format across the grid (no grouping: the cells are narrow), the read lanes marked ↩ in front.
    const mark = (l: (typeof lanes)[number]) => (l.read ? kReadMark.trim() : '');
    const chars = red.widest + 1;
    // The index column and row take a share of a cell each; digits (bold where active) take up to
    // 0.72 em, with 8 px of border and padding. Of 4 to 32 lanes a row, the one with the largest type.
    const layout = (cols: number) => {
      const rows = Math.ceil(lanes.length / cols);
      const cellW = Math.floor((box.w - gap * cols) / (cols + 0.7));
      const cellH = Math.floor(Math.min((box.h - gap * rows) / (rows + 0.8), cellW));
      // The index row (0.8 of a cell) holds one line of the same type: a line box can be 1.15 em where the
      // digits come from a fallback font (seen in 简体中文 without a CJK font: 45 px for 40 px type, cut by 2 px).
      const font = Math.min(44, Math.floor((cellH - 4) / 1.25), Math.floor((cellH * 0.8 - 2) / 1.15), Math.floor((cellW - 8) / (0.72 * chars)));
      return { cols, rows, cellW, cellH, font };
    };
    const best = [4, 8, 16, 32]
      .filter((c) => c <= lanes.length)
      .map(layout)
      .reduce((a, b) => (b.font >= a.font ? b : a));
    const { cols, rows, cellW, cellH } = best;
    const font = Math.max(18, best.font);
    const fits = Math.max(1, Math.floor((cellW - 8) / (0.72 * font)));
    const text = (l: (typeof lanes)[number]) => mark(l) + fitValue(l.v, Math.max(1, fits - mark(l).length));
    const style = {
      // i18n-exempt: CSS grid tracks
      gridTemplateColumns: `${Math.round(cellW * 0.7)}px repeat(${cols}, ${Math.max(8, cellW)}px)`,
      // i18n-exempt: CSS grid tracks
      gridTemplateRows: `${Math.round(cellH * 0.8)}px repeat(${rows}, ${Math.max(8, cellH)}px)`,
      fontSize: `${font}px`,
    };
    grid = (
      <div className="lanes dot-lanes cr-dot-lanes" style={style} data-testid="dot-classroom-lanes" data-font={font}>
        <span className="lane-index corner">{kIndexCorner}</span>
        {Array.from({ length: cols }, (_, c) => (
          <span key={`c${c}`} className="lane-index col">
            {c}
          </span>
        ))}
        {Array.from({ length: rows }, (_, row) => (
          <Fragment key={row}>
            <span className="lane-index row">{`${row * cols}+`}</span>
            {lanes.slice(row * cols, row * cols + cols).map((l) => (
              <div key={l.t} className={laneClass(l)} data-testid={`dot-cell-${l.t}`} data-active={l.active ? 'true' : 'false'} title={`cache[${l.t}] = ${l.v}`}>
                <span className="lane-val">{text(l)}</span>
              </div>
            ))}
          </Fragment>
        ))}
      </div>
    );
  }
  return (
    <ClassroomStage label={t('dot.classroom.title')} actions={kDotActions} bar={red && lanes ? <DotStepButtons red={red} /> : undefined} className="dot-stage">
      <div className="cr-formula-row dot-cr-head">
        {red ? (
          <>
            <p className="formula" data-testid="dot-formula">
              {kSumNotation} {formatDotValue(red.r.value)} <span className={`badge ${red.r.verified ? 'ok' : 'bad'}`}>{t(`dot.status.${red.r.verified ? 'verified' : 'mismatch'}`)}</span>
            </p>
            <p className="cr-source">{t('dot.classroom.source', { count: red.r.workgroups, n: fmtCount(red.r.n), workgroups: fmtCount(red.r.workgroups), wg: red.r.workgroupSize, w: red.w })}</p>
            {lanes && (
              <p className="phase-label dot-cr-label" data-testid="dot-step-label" aria-live="polite">
                {red.label}
              </p>
            )}
          </>
        ) : (
          <p className="cr-empty">{t('dot.classroom.empty')}</p>
        )}
      </div>
      <div className="dot-cr-body">
        {red && !lanes && <p className="cr-empty">{t('dot.reduction.tooLarge', { n: fmtCount(red.r.n) })}</p>}
        <div className="dot-cr-grid" ref={boxRef}>
          {grid}
        </div>
        {red && lanes && (
          <>
            <p className="dot-cr-sum">
              <Trans t={t} i18nKey="dot.reduction.sum" values={{ w: red.w, value: formatDotValue(red.r.partials[red.w]!) }} components={{ strong: <strong /> }} />
            </p>
            <p className="legend dot-cr-legend">
              <span className="lane active legend-swatch" aria-hidden="true" /> {t('dot.classroom.legendActive')} · <span className="lane read legend-swatch" aria-hidden="true">{kReadMark.trim()}</span> {t('dot.classroom.legendRead')} ·{' '}
              <span className="lane nostore legend-swatch" aria-hidden="true" /> {t('dot.classroom.legendDone')}
            </p>
          </>
        )}
      </div>
    </ClassroomStage>
  );
}

/** The timing figures of a dot-product run, for its sentence. */
function timingValues(r: NonNullable<ReturnType<typeof useApp.getState>['dotResult']>, clock: string) {
  const s = r.timing.stats;
  return { median: fmtMs(s.median), min: fmtMs(s.min), max: fmtMs(s.max), n: s.n, clock };
}

export function DotView() {
  const { t } = useTranslation('bench');
  const text = useApp((s) => s.dotText);
  const status = useApp((s) => s.dotStatus);
  const error = say(useApp((s) => s.dotError));
  const r = useApp((s) => s.dotResult);
  const { t: tr } = useTranslation('run');
  const parsed = parseDot(text);
  const untrusted = r ? untimeableRun(r.timing) : undefined;
  const untrustedWhy = untrusted?.join(tr('timing.reasonSeparator'));
  const result = useRef<HTMLElement>(null);
  useRevealAfterRun(result, status === 'running');
  return (
    <>
      <section className="panel" aria-labelledby="dot-heading">
        <h2 id="dot-heading">{t('dot.heading')}</h2>
        <p className="lead">{t('dot.lead', { wg: text.workgroupSize })}</p>
        <div className="fields">
          <div className="field">
            <label htmlFor="dot-n">{t('dot.n')}</label>
            <input id="dot-n" data-testid="dot-n" inputMode="numeric" value={text.n} onChange={(e) => setDotText({ n: e.target.value })} aria-invalid={parsed.error ? true : undefined} />
          </div>
          <div className="field">
            <label htmlFor="dot-wg">{t('dot.wg')}</label>
            <select id="dot-wg" data-testid="dot-wg" value={text.workgroupSize} onChange={(e) => setDotText({ workgroupSize: e.target.value })}>
              {kDotWorkgroupSizes.map((w) => (
                <option key={w} value={String(w)}>
                  {w}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="dot-maxwg">{t('dot.maxWg')}</label>
            <input id="dot-maxwg" data-testid="dot-maxwg" inputMode="numeric" value={text.maxWorkgroups} onChange={(e) => setDotText({ maxWorkgroups: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="dot-pattern">{t('dot.data')}</label>
            <select id="dot-pattern" data-testid="dot-pattern" value={text.pattern} onChange={(e) => setDotText({ pattern: e.target.value as 'closed-form' | 'random' })}>
              <option value="closed-form">{t('dot.closedForm')}</option>
              <option value="random">{t('dot.random')}</option>
            </select>
          </div>
          <label className="switch">
            <input type="checkbox" data-testid="dot-gpu-final" checked={text.gpuFinal} onChange={(e) => setDotText({ gpuFinal: e.target.checked })} />
            {t('dot.gpuFinal')}
          </label>
        </div>
        {(parsed.error || error) && (
          <p className="error-summary" role="alert" data-testid="error-message">
            ⚠ {parsed.error ?? error}
          </p>
        )}
        <div className="run-buttons">
          <button type="button" className="primary" data-testid="dot-run" data-main-action onClick={() => void runDotView()}>
            {t('dot.run')}
          </button>
        </div>
        <article
          ref={result}
          className={`panel result status-${status}`}
          data-testid="dot-result"
          data-status={status === 'idle' ? undefined : status}
          data-value={r && status !== 'running' ? String(r.value) : undefined}
          aria-live="polite"
        >
          {status === 'idle' && <p>{t('dot.notRun')}</p>}
          {status === 'running' && <p>{t('dot.running')}</p>}
          {status === 'error' && <p className="error-text">✗ {error}</p>}
          {r && (status === 'verified' || status === 'mismatch') && (
            <>
              <h3>
                {kSumNotation} <span className="big">{formatDotValue(r.value)}</span> <span className={`badge ${r.verified ? 'ok' : 'bad'}`}>{t(`dot.status.${status}`)}</span>
              </h3>
              <p className="small">{t(r.gpuFinal ? 'dot.shapeGpu' : 'dot.shapeHost', { n: fmtCount(r.n), workgroups: fmtCount(r.workgroups), wg: r.workgroupSize })}</p>
              <p className={r.verified ? 'ok-text' : 'error-text'}>
                {r.closedForm !== undefined && <>{t('dot.closed', { value: formatDotValue(r.closedForm) })} </>}
                {t('dot.check', {
                  reference: formatDotValue(r.reference),
                  difference: Math.abs(r.value - r.reference).toPrecision(3),
                  tolerance: r.tolerance === 0 ? '0' : r.tolerance.toPrecision(3),
                })}
                {r.value === r.reference && <> {t('dot.exact')}</>}
              </p>
              <p className="small" data-speed="here">
                {isBelowResolution(r.timing.stats.median) || !Number.isFinite(r.gbPerS)
                  ? t('dot.timingBelow', { ...timingValues(r, t(`dot.clock.${r.timing.clock}`)), below: fmtBelowResolution() })
                  : t('dot.timingRate', { ...timingValues(r, t(`dot.clock.${r.timing.clock}`)), rate: r.gbPerS.toPrecision(3) })}
                {untrusted && (
                  // The trust rule of every other time (core/trust): a rate from noisy or too-small samples is marked.
                  <>
                    {sentenceGap()}
                    <strong data-testid="dot-untrusted">{t('dot.untrusted', { headline: distrustHeadline(r.timing), why: untrustedWhy ?? '' })}</strong>
                  </>
                )}
                <TrustMarks verdict={verdictOf(r.timing)} afterSentence />
                {/* Sentences are set off as the language does (none after "。"); after a mark, a space. */}
                {verdictOf(r.timing).trusted ? sentenceGap() : ' '}
                {t('dot.noPercent')}
              </p>
            </>
          )}
        </article>
      </section>
      <ReductionView />
    </>
  );
}
