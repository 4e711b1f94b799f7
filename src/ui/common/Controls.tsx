import { sentenceGap } from '../../i18n/words';
import { type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n';
import { kPatterns } from '../../core/data';
import { kPatternLabels, presetLabel, presetSource } from '../../i18n/words';
import { kPresets } from '../../core/presets';
import { kSampleChoices } from '../../core/config';
import { flops, kTileWidths, shapeLabel } from '../../core/shape';
import { fmtFlops } from './format';
import type { ConfigText } from '../../core/url';
import type { KernelId } from '../../core/kernels';

const kButtonKernels: readonly KernelId[] = ['naive', 'tiled'];
import { cancelRun, runKernels } from '../../state/runs';
import { RunEstimate } from './RunEstimate';
import { checkKernels, useDerived } from '../../state/selectors';
import { applyConfig, setField, useApp } from '../../state/store';

/** The label key of each size field (the words are in the 'common' catalogue, controls.*). */
const kFieldLabels = { m: 'controls.fieldM', k: 'controls.fieldK', n: 'controls.fieldN' } as const;
const kFields = { m: 'm', k: 'k', n: 'n' } as const;

function SizeInput({ field, value, error }: { field: 'm' | 'k' | 'n'; value: string; error?: string }) {
  const { t } = useTranslation();
  const id = `input-${field}`;
  return (
    <div className="field">
      <label htmlFor={id}>{t(kFieldLabels[field])}</label>
      <input
        id={id}
        data-testid={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => setField(field, e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`${id}-error`}>
          ⚠ {error}
        </p>
      )}
    </div>
  );
}

/** The problem panel; `compact` (the ladder and partitions views, which have their own run buttons) leaves out the examples and the run buttons. */
export function Controls({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const config = useApp((s) => s.config);
  const busy = useApp((s) => s.busy);
  const runMessage = useApp((s) => s.runMessage);
  const runNote = useApp((s) => s.runNote);
  // The kernels these buttons run; other views check their own kernels.
  const { parsed, errors } = checkKernels(useDerived(), kButtonKernels);
  const messages = Object.values(errors).map(say);
  const run = (ids: KernelId[]) => void runKernels(ids);

  return (
    <section
      // i18n-exempt: CSS classes
      className={compact ? 'panel controls compact' : 'panel controls'}
      aria-labelledby="controls-heading"
    >
      <h2 id="controls-heading">{t('controls.heading')}</h2>
      <p className="lead">
        {t('controls.formula')}
        {parsed && `${sentenceGap()}${t('controls.perRun', { shape: shapeLabel(parsed.shape), flops: fmtFlops(flops(parsed.shape)) })}`}
      </p>
      {!compact && (
      <div className="presets" role="group" aria-label={t('controls.examples')}>
        <span className="small">{t('controls.examplesLead')}</span>
        {kPresets.map((p) => (
          <button
            key={p.id}
            type="button"
            className="preset"
            data-testid={`preset-${p.id}`}
            title={presetSource(p)}
            aria-pressed={config.m === String(p.m) && config.k === String(p.k) && config.n === String(p.n) && config.tile === String(p.tile)}
            onClick={() => applyConfig({ m: String(p.m), k: String(p.k), n: String(p.n), tile: String(p.tile) })}
          >
            {presetLabel(p)}
          </button>
        ))}
      </div>
      )}
      <div className="fields">
        <SizeInput field={kFields.m} value={config.m} error={errors.m && say(errors.m)} />
        <SizeInput field={kFields.k} value={config.k} error={errors.k && say(errors.k)} />
        <SizeInput field={kFields.n} value={config.n} error={errors.n && say(errors.n)} />
        <div className="field">
          <label htmlFor="select-tile">{t('controls.tile')}</label>
          <select
            id="select-tile"
            data-testid="select-tile"
            value={config.tile}
            aria-invalid={errors.tile ? true : undefined}
            aria-describedby={errors.tile ? 'select-tile-error' : undefined}
            onChange={(e) => setField('tile', e.target.value)}
          >
            {!(kTileWidths as readonly number[]).map(String).includes(config.tile) && <option value={config.tile}>{t('controls.tileNotOffered', { tile: config.tile || t('controls.tileNone') })}</option>}
            {kTileWidths.map((w) => (
              <option key={w} value={String(w)}>
                {t('controls.tileOption', { tile: w })}
              </option>
            ))}
          </select>
          {errors.tile && (
            <p id="select-tile-error" className="field-error">
              ⚠ {say(errors.tile)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="select-pattern">{t('controls.pattern')}</label>
          <select id="select-pattern" data-testid="select-pattern" value={config.pattern} onChange={(e) => setField('pattern', e.target.value as ConfigText['pattern'])}>
            {!(kPatterns as readonly string[]).includes(config.pattern) && <option value={config.pattern}>{t('controls.notOffered')}</option>}
            {kPatterns.map((p) => (
              <option key={p} value={p}>
                {kPatternLabels[p]}
              </option>
            ))}
          </select>
          {errors.pattern && <p className="field-error">⚠ {say(errors.pattern)}</p>}
        </div>
        <div className="field">
          <label htmlFor="select-samples">{t('controls.samples')}</label>
          <select id="select-samples" data-testid="select-samples" value={config.samples} onChange={(e) => setField('samples', e.target.value)}>
            {!['auto', ...kSampleChoices].includes(config.samples) && <option value={config.samples}>{t('controls.notOffered')}</option>}
            <option value="auto">{t('controls.samplesAuto')}</option>
            {kSampleChoices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors.samples && <p className="field-error">⚠ {say(errors.samples)}</p>}
        </div>
        <div className="field">
          <label htmlFor="input-seed">{t('controls.seed')}</label>
          <input
            id="input-seed"
            data-testid="input-seed"
            type="text"
            inputMode="numeric"
            value={config.seed}
            aria-invalid={errors.seed ? true : undefined}
            onChange={(e) => setField('seed', e.target.value)}
          />
          {errors.seed && <p className="field-error">⚠ {say(errors.seed)}</p>}
        </div>
      </div>
      {(messages.length > 0 || runMessage) && (
        <div className="error-summary" role="alert" data-testid="error-message">
          {messages.length > 0 && (
            <>
              <strong>{t('controls.cannotRun')}</strong>
              <ul>
                {[...new Set(messages)].map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </>
          )}
          {runMessage && <p>{say(runMessage)}</p>}
        </div>
      )}
      {runNote && (
        // Not a failure (no WebGPU: what ran is a CPU simulation of the same kernel): a neutral note, never red.
        <div className="run-note" role="status" data-testid="run-note">
          <p>{say(runNote)}</p>
        </div>
      )}
      <RunEstimate />
      {!compact && (
      <div className="run-buttons">
        <button type="button" data-testid="run-naive" onClick={() => run(['naive'])} aria-busy={busy}>
          {t('controls.runNaive')}
        </button>
        <button type="button" data-testid="run-tiled" onClick={() => run(['tiled'])} aria-busy={busy}>
          {t('controls.runTiled')}
        </button>
        <button type="button" className="primary" data-testid="run-both" id="run-both" data-main-action onClick={() => run(['naive', 'tiled'])} aria-busy={busy}>
          {t('controls.runBoth')}
        </button>
        {busy && (
          <>
            <button type="button" data-testid="run-cancel" onClick={cancelRun} disabled={!busy}>
              {t('controls.cancel')}
            </button>
            <span className="small" role="status">
              {t('controls.running')}
            </span>
          </>
        )}
      </div>
      )}
    </section>
  );
}
