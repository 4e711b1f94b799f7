import { useTranslation } from 'react-i18next';
import { kKernels, previousRung, type KernelId } from '../../core/kernels';
import { diffCounts, diffHunks, lineDiff, splitLines, type DiffLine } from '../../core/lineDiff';
import { localizeDiff, localizeRungComments } from '../../i18n/codeComments';
import { kernelLabel } from '../../i18n/kernels';
import { useRungComments } from '../common/useRungComments';

/** A kept line (the first rung's file is all kept lines). */
const kept = (text: string): DiffLine => ({ op: 'same', text });

/** Kept lines shown around each change. */
const kContext = 3;

function Line({ line, add, del }: { line: DiffLine; add: string; del: string }) {
  const mark = line.op === 'add' ? add : line.op === 'del' ? del : ' ';
  return (
    <span className={`diff-line diff-${line.op}`} data-op={line.op}>
      <span className="diff-mark" aria-hidden="true">{mark}</span>
      {line.op === 'add' ? <ins>{line.text}</ins> : line.op === 'del' ? <del>{line.text}</del> : line.text}
      {'\n'}
    </span>
  );
}

/**
 * The WGSL change from the rung it is compared with (previousRung: the one below it, or the tensor rung's best FP32 rung) to this one, as a unified diff: added lines
 * marked + and removed lines − (and <ins>/<del>, so the marks do not rest on colour). Loaded lazily,
 * when its <details> is first opened. The first rung has no previous one: its whole file.
 * Comments read in the language in use, as the lesson's listing shows them (codeComments.ts: the
 * rungs' table, loaded when a code change is first opened in that language: useRungComments; the diff itself is the
 * English files', so its lines and counts are the same in every language).
 */
export default function RungDiff({ id }: { id: KernelId }) {
  const { t } = useTranslation('run');
  const lang = useRungComments();
  const prev = previousRung(id);
  const add = t('ladder.diff.addMark');
  const del = t('ladder.diff.delMark');
  if (!prev) {
    return (
      <div className="rung-diff-body" data-first="true">
        <p className="small">{t('ladder.diff.first')}</p>
        <pre className="rung-diff-code">
          {splitLines(localizeRungComments(kKernels[id].source, lang)).map((text, i) => (
            <Line key={i} line={kept(text)} add={add} del={del} />
          ))}
        </pre>
      </div>
    );
  }
  const lines = lineDiff(kKernels[prev].source, kKernels[id].source);
  const { added, removed } = diffCounts(lines);
  const { hunks, skippedAfter } = diffHunks(localizeDiff(lines, kKernels[prev].source, kKernels[id].source, lang), kContext);
  return (
    <div className="rung-diff-body" data-added={added} data-removed={removed}>
      <p className="small">{t('ladder.diff.counts', { prev: kernelLabel(prev), added, removed })}</p>
      <pre className="rung-diff-code">
        {hunks.map((h, i) => (
          <span key={i}>
            {h.skippedBefore > 0 && <span className="diff-skip">{t('ladder.diff.skipped', { count: h.skippedBefore })}{'\n'}</span>}
            {h.lines.map((l, j) => (
              <Line key={j} line={l} add={add} del={del} />
            ))}
          </span>
        ))}
        {skippedAfter > 0 && <span className="diff-skip">{t('ladder.diff.skipped', { count: skippedAfter })}</span>}
      </pre>
    </div>
  );
}
