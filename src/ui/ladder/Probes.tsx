import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  bankPicture,
  coalescingPicture,
  kBankKinds,
  kGlobalKinds,
  kH100Probes,
  kModelLanes,
  kProbeIds,
  kSegmentBytes,
  kTileRows,
  probeRatios,
  type ProbeId,
  type ProbePicture,
} from '../../core/probes';
import type { ProbesShare } from '../../core/share';
import { numberFormat, say } from '../../i18n';
import { CancelRun, isCancelled } from '../common/CancelRun';
import { runProbeView } from '../../state/probes';
import { useApp } from '../../state/store';
import { allTrusted, runTrustHere } from '../../state/trust';
import { probeFigureTrust } from '../../core/probeTrust';
import { TrustMarks } from '../common/TrustMarks';
import { figureMarkText } from '../../i18n/bench';
import type { ProbeResult, ProbeVariant } from '../../gpu/probes';
import { fmtBytes, fmtInt, fmtMs, fmtPercent } from '../common/format';
import { untimeableRun } from '../common/timing';
import './probes.css';

const fixed = (x: number, digits: number) => numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);
const kParts = { b: <strong />, n: <span className="num" /> };

// ---- the picture: lanes of one request (top) against segments or banks (bottom) ----------------
const kSlotW = 22;
const kLeft = 64;
const kLaneY = 22;
const kSlotY = 72;
const kSlotH = 26;
const kWidth = kLeft + kModelLanes * kSlotW + 8;
const kHeight = kSlotY + kSlotH + 36;

/**
 * One request drawn from core/probes's data. Lanes are dots; a line runs from each lane to the
 * segment or bank its word falls in. A slot shows its count as a number; a bank conflict also gets
 * a thick border and a ▲ with "×n" (shape and number, not colour alone).
 */
function Picture({ id, kind, pic, label }: { id: ProbeId; kind: string; pic: ProbePicture; label: string }) {
  const { t } = useTranslation('probes');
  const x = (i: number) => kLeft + i * kSlotW + kSlotW / 2;
  // Segments: slot s is drawn at position s (the same scale for both kinds); banks: bank b at b.
  const slotAt = (slot: number) => kLeft + slot * kSlotW;
  const wordX = (word: number, slot: number) =>
    id === 'coalescing' ? slotAt(slot) + 2 + (((word * 4) % kSegmentBytes) / kSegmentBytes) * (kSlotW - 4) : slotAt(slot) + kSlotW / 2;
  const shown = new Map(pic.slots.map((s) => [s.slot, s]));
  return (
    <svg className="probe-picture" role="img" aria-label={label} viewBox={`0 0 ${kWidth} ${kHeight}`} data-kind={kind} data-cost={pic.cost}>
      <text className="pp-axis" x={4} y={kLaneY + 4}>
        {t('lane')}
      </text>
      <text className="pp-axis" x={4} y={kSlotY + kSlotH / 2 + 4}>
        {t(id === 'coalescing' ? 'axisSegment' : 'axisBank')}
      </text>
      {pic.lanes.map((m) => (
        <line key={`l${m.lane}`} className="pp-link" x1={x(m.lane)} y1={kLaneY + 5} x2={wordX(m.word, m.slot)} y2={kSlotY} />
      ))}
      {Array.from({ length: kModelLanes }, (_, i) => {
        const s = shown.get(i);
        const hit = s !== undefined && s.lanes > 0;
        const conflict = id === 'banks' && s !== undefined && s.words > 1;
        return (
          <g key={`s${i}`} data-slot={i} data-lanes={s?.lanes ?? 0} data-conflict={conflict || undefined}>
            <rect className={`pp-slot ${conflict ? 'pp-conflict' : hit ? 'pp-hit' : 'pp-idle'}`} x={slotAt(i) + 1} y={kSlotY} width={kSlotW - 2} height={kSlotH} />
            {hit && (
              <text className="pp-count" x={slotAt(i) + kSlotW / 2} y={kSlotY + kSlotH / 2 + 4} textAnchor="middle">
                {id === 'banks' ? s.words : s.lanes}
              </text>
            )}
            {conflict && (
              <text className="pp-mark" x={slotAt(i) + 2} y={kSlotY + kSlotH + 30}>
                {`▲ ${t('banks.ways', { n: s.words })}`}
              </text>
            )}
          </g>
        );
      })}
      {pic.lanes.map((m) => (
        <circle key={`c${m.lane}`} className="pp-lane" cx={x(m.lane)} cy={kLaneY} r={5} />
      ))}
      {[0, 8, 16, 24, kModelLanes - 1].map((i) => (
        <text key={`n${i}`} className="pp-num" x={x(i)} y={kLaneY - 9} textAnchor="middle">
          {i}
        </text>
      ))}
      {[0, 8, 16, 24, kModelLanes - 1].map((i) => (
        <text key={`b${i}`} className="pp-num" x={slotAt(i) + kSlotW / 2} y={kSlotY + kSlotH + 14} textAnchor="middle">
          {i}
        </text>
      ))}
    </svg>
  );
}

function caption(t: TFunction<'probes'>, id: ProbeId, pic: ProbePicture): string {
  return id === 'coalescing'
    ? t('coalescing.caption', { lanes: pic.lanes.length, segments: pic.cost, used: fmtBytes(pic.bytesUsed), moved: fmtBytes(pic.bytesMoved) })
    : t('banks.caption', { lanes: pic.lanes.length, ways: pic.cost });
}

function Pictures({ id }: { id: ProbeId }) {
  const { t } = useTranslation('probes');
  const kinds = id === 'coalescing' ? kGlobalKinds : kBankKinds;
  return (
    <div className="probe-pictures" data-testid={`probe-${id}-pictures`}>
      {kinds.map((kind) => {
        const pic = id === 'coalescing' ? coalescingPicture(kind as (typeof kGlobalKinds)[number]) : bankPicture(kind as (typeof kBankKinds)[number]);
        const what = t(`${id}.kind.${kind}` as 'coalescing.kind.coalesced');
        const label = t('pictureLabel', { what, lanes: pic.lanes.length, slots: t(`${id}.slots`) });
        const text = caption(t, id, pic);
        return (
          <figure key={kind} className="probe-figure" data-kind={kind}>
            <figcaption>
              <strong>{what}</strong>
            </figcaption>
            <Picture id={id} kind={kind} pic={pic} label={`${label}. ${text}`} />
            <p className="small">
              {t(`${id}.map.${kind}` as 'coalescing.map.coalesced')} {text}
            </p>
          </figure>
        );
      })}
    </div>
  );
}

// ---- the measured figures ----------------------------------------------------------------------

function VariantRow({ id, v, count }: { id: ProbeId; v: ProbeVariant; count: number }) {
  const { t } = useTranslation('probes');
  const { t: tr } = useTranslation('run');
  const s = v.timing.stats;
  const trust = runTrustHere(v.timing);
  const marks = untimeableRun(v.timing);
  const distrust = marks ? t('distrust', { why: marks.join(tr('timing.reasonSeparator')) }) : undefined;
  const values = {
    median: fmtMs(s.median),
    spread: fmtPercent(trust.spreadPct),
    n: s.n,
    count: v.timing.dispatchesPerSample,
    clock: tr(`clock.name.${v.timing.clock}`),
  };
  return (
    <tr data-testid={`probe-${id}-${v.kind}`} data-median-ms={s.median} data-verified={v.check.verified} data-trust={trust.trusted ? 'trusted' : trust.reasons.join(' ')}>
      <th scope="row">{t(`${id}.kind.${v.kind}` as 'coalescing.kind.coalesced')}</th>
      <td>
        <Trans t={t} i18nKey="timeCell" count={values.count} values={values} components={kParts} />
        {distrust && (
          <div className="small" data-testid="probe-distrust">
            {distrust}
          </div>
        )}
      </td>
      <td className="num" data-speed="here">
        {trust.reasons.includes('untimeable') ? '—' : t(trust.trusted ? 'rateCell' : 'rateCellUntrusted', { rate: fixed(v.gbPerS, v.gbPerS >= 100 ? 0 : 2) })}
        <TrustMarks verdict={trust} />
      </td>
      <td className={v.check.verified ? undefined : 'error-text'}>
        {v.check.verified
          ? t('verified', { sums: fmtInt(count) })
          : t('mismatch', { bad: fmtInt(v.check.mismatches), sums: fmtInt(count), index: v.check.first?.index ?? 0, got: v.check.first?.got ?? 0, want: v.check.first?.want ?? 0 })}
      </td>
    </tr>
  );
}

/** The ratio sentence, or why there is none. */
function RatioLine({ r }: { r: ProbeResult }) {
  const { t } = useTranslation('probes');
  const vs = r.variants;
  const verified = vs.every((v) => v.check.verified);
  const trusts = vs.map((v) => runTrustHere(v.timing));
  const median = (kind: string) => vs.find((v) => v.kind === kind)?.timing.stats.median ?? NaN;
  let text: ReactNode;
  let ratio: number | undefined;
  if (!verified) text = t('noRatioMismatch');
  else if (!allTrusted(trusts)) {
    const i = trusts.findIndex((x) => !x.trusted);
    const why = untimeableRun(vs[i]!.timing) ?? [];
    text = t('noRatioUntrusted', { why: `${t(`${r.probe}.kind.${vs[i]!.kind}` as 'coalescing.kind.coalesced')}: ${why.join('; ')}` });
  } else if (r.probe === 'coalescing') {
    ratio = probeRatios(r.probe, median).ratio;
    text = ratio !== undefined ? <Trans t={t} i18nKey="coalescing.ratio" values={{ ratio: fixed(ratio, 2) }} components={kParts} /> : t('noRatioMismatch');
  } else {
    const both = probeRatios(r.probe, median);
    ratio = both.ratio;
    const padded = both.padded;
    text =
      ratio !== undefined && padded !== undefined ? (
        <Trans t={t} i18nKey="banks.ratio" values={{ conflict: fixed(ratio, 2), padded: fixed(padded, 2) }} components={kParts} />
      ) : (
        t('noRatioMismatch')
      );
  }
  return (
    <>
      <p data-testid={`probe-${r.probe}-ratio`} data-ratio={ratio} className={ratio === undefined ? 'too-small' : undefined}>
        {text}
      </p>
      {r.software && (
        <p className="small trust-note" data-testid={`probe-${r.probe}-software`}>
          {t('software')}
        </p>
      )}
    </>
  );
}

/** The reference GPU's figures for this probe, always shown and labelled as the reference (core/probes kH100Probes). */
function ReferenceLine({ id }: { id: ProbeId }) {
  const { t } = useTranslation('probes');
  const r = kH100Probes;
  const x = (a: number, b: number) => fixed(a / b, 2);
  const gbs = (ms: number) => fixed(r.globalBytes / (ms * 1e6), 0);
  const text =
    id === 'coalescing'
      ? t('reference.coalescing', { gpu: r.gpu, date: r.date, bytes: fmtBytes(r.globalBytes), wgpu: x(r.wgpu.strided, r.wgpu.coalesced), dawn: x(r.dawn.strided, r.dawn.coalesced), wgpuGbs: gbs(r.wgpu.coalesced), dawnGbs: gbs(r.dawn.coalesced) })
      : t('reference.banks', {
          gpu: r.gpu,
          date: r.date,
          wgpu: x(r.wgpu.columns, r.wgpu.rows),
          dawn: x(r.dawn.columns, r.dawn.rows),
          wgpuPad: x(r.wgpu.padded, r.wgpu.rows),
          dawnPad: x(r.dawn.padded, r.dawn.rows),
          columns: fixed(r.dawn.columns, 2),
          rowsRatio: x(r.wgpu.rows, r.dawn.rows),
        });
  return (
    <p className="small" data-testid={`probe-${id}-reference`}>
      {text}
    </p>
  );
}

function ProbeSection({ id }: { id: ProbeId }) {
  const { t } = useTranslation('probes');
  const slot = useApp((s) => s.probes[id]);
  const busy = useApp((s) => s.busy);
  const r = slot.result;
  const headingId = `probe-${id}-heading`;
  return (
    <section
      className="probe"
      aria-labelledby={headingId}
      data-testid={`probe-${id}`}
      data-status={slot.status}
      data-verified={r ? r.variants.every((v) => v.check.verified) : undefined}
    >
      <h3 id={headingId}>{t(`${id}.heading`)}</h3>
      <p>{t(`${id}.intro`)}</p>
      <div className="run-buttons">
        <button type="button" data-testid={`probe-${id}-run`} onClick={() => void runProbeView(id)} aria-busy={slot.status === 'running'} disabled={busy && slot.status !== 'running'}>
          {t('run')}
        </button>
        {slot.status === 'running' && (
          <CancelRun data-testid={`probe-${id}-cancel`} />
        )}
        <span className="small" role="status">
          {slot.status === 'running' && slot.step ? t('running', { n: slot.step.n + 1, total: slot.step.total }) : slot.status === 'idle' ? t('notRun') : ''}
        </span>
      </div>
      {slot.error !== undefined && (
        // Cancelled by the user: said plainly, not as a failure.
        <p className={isCancelled(slot.error) ? 'small' : 'error-text'} data-testid={`probe-${id}-error`}>
          {say(slot.error)}
        </p>
      )}
      {r && (
        <>
          <p className="small">
            {r.probe === 'coalescing'
              ? t('sizeCoalescing', { groups: fmtInt(r.size.groups), wg: r.workgroup, bytes: fmtBytes(r.size.words * 4) })
              : t('sizeBanks', { groups: fmtInt(r.size.groups), wg: r.workgroup, reads: fmtInt(r.size.reps * kTileRows), bytes: fmtBytes(r.variants[0]?.bytes ?? 0) })}
          </p>
          <table className="why-table probe-table">
            <thead>
              <tr>
                <th scope="col">{t('colVariant')}</th>
                <th scope="col">{t('colTime')}</th>
                <th scope="col">{t('colRate')}</th>
                <th scope="col">{t('colChecked')}</th>
              </tr>
            </thead>
            <tbody>
              {r.variants.map((v) => (
                <VariantRow key={v.kind} id={id} v={v} count={r.size.groups * r.workgroup} />
              ))}
            </tbody>
          </table>
          <RatioLine r={r} />
        </>
      )}
      <ReferenceLine id={id} />
      <Pictures id={id} />
      <p className="small">{t(`${id}.explain`)}</p>
    </section>
  );
}

/** The coalescing and bank-conflict probes, under the ladder. */
export function Probes() {
  const { t } = useTranslation('probes');
  return (
    <section className="probes" aria-labelledby="probes-heading">
      <h2 id="probes-heading">{t('heading')}</h2>
      <p className="small trust-note">{t('modelNote')}</p>
      <ProbeSection id="coalescing" />
      <ProbeSection id="banks" />
    </section>
  );
}

/**
 * The sender's probes in a shared link, as figures (never re-measured here): the ratio of each
 * probe where every variant verified and its time was trusted by the sender's page, else why not.
 */
export function SharedProbes({ probes, software = false }: { probes: ProbesShare; software?: boolean }) {
  const { t } = useTranslation('probes');
  const { t: tr } = useTranslation('run');
  const line = (id: ProbeId, p: NonNullable<ProbesShare[ProbeId]>) => {
    // The trust rule over the probe's figures (core/trust): plausible, consistent, verified in every part.
    const v = probeFigureTrust(id, p, { software });
    const marked = figureMarkText(v);
    const median = (kind: string) => p.variants.find((v) => v.kind === kind)?.medianMs ?? NaN;
    const gbs = (kind: string) => {
      const x = p.variants.find((v) => v.kind === kind)?.gbps ?? 0;
      return fixed(x, x >= 100 ? 0 : 2);
    };
    // A ratio only from verified variants the sender trusted, whose figures pass the rule.
    const good = v.verified && p.variants.every((x) => x.trusted);
    const common = {
      mib: fixed(p.mib, p.mib >= 10 ? 0 : 2),
      clock: tr(`clock.label.${p.clock}`),
      verified: v.verified ? t('shared.verified') : p.variants.every((x) => x.verified) ? t('shared.notShownVerified') : t('shared.notVerified'),
    };
    const { ratio, padded } = good ? probeRatios(id, median) : {};
    return (
      <p key={id} className="small" data-testid={`shared-probe-${id}`} data-ratio={ratio} data-trusted={v.trusted} data-verified={v.verified}>
        {ratio === undefined ? (
          t(v.problems.length > 0 ? 'shared.noRatioMarked' : 'shared.noRatio', { probe: t(`shared.name.${id}`), ...common })
        ) : id === 'coalescing' ? (
          <Trans t={t} i18nKey="shared.coalescing" values={{ ...common, ratio: fixed(ratio, 2), fast: gbs('coalesced'), slow: gbs('strided') }} components={kParts} />
        ) : (
          <Trans t={t} i18nKey="shared.banks" values={{ ...common, conflict: fixed(ratio, 2), padded: padded === undefined ? '—' : fixed(padded, 2) }} components={kParts} />
        )}
        {marked && (
          <span className="figure-mark" data-testid="probe-implausible" data-probe={id} data-problems={v.problems.map((x) => `${x.figure}:${x.flaw}`).join(' ')}>
            {' '}
            {marked}
          </span>
        )}
        {v.software && ` ${t('shared.software')}`}
      </p>
    );
  };
  return (
    <>
      {kProbeIds.map((id) => {
        const p = probes[id];
        return p && line(id, p);
      })}
    </>
  );
}
