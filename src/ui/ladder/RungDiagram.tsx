import { useTranslation } from 'react-i18next';
import type { KernelId, LaunchPlan } from '../../core/kernels';
import { rungDiagram, type DiagramFacts, type DiagramPanel, type DiagramRect } from '../../core/rungDiagram';
import type { Shape } from '../../core/shape';
import type { TFunction } from 'i18next';
import { sentenceGap } from '../../i18n/words';

/** The widest and tallest a panel is drawn (CSS pixels); its elements are scaled to fit. */
const kPanelWidth = 300;
const kPanelHeight = 220;

/** The caption of a panel, from the diagram's facts. */
function caption(t: TFunction<'run'>, panel: DiagramPanel, f: DiagramFacts): string {
  const v = { m: f.m, k: f.k, n: f.n, br: f.blockRows, bc: f.blockCols, gx: f.gridX, gy: f.gridY, x: f.wgX, y: f.wgY, r: f.ownRows, c: f.ownCols, bk: f.bk, phases: f.phases, s: f.slices ?? 0, ks: f.ks ?? 0, lanes: f.lanes ?? 0, f: f.fragment ?? 0, fr: f.fragment ? f.ownRows / f.fragment : 0, fc: f.fragment ? f.ownCols / f.fragment : 0 };
  switch (panel.id) {
    case 'problem':
      return [t('ladder.diagram.problem', v), f.bk > 0 ? t('ladder.diagram.staged', v) : t('ladder.diagram.unstaged', v), f.doubleBuffered ? t('ladder.diagram.doubleBuffered') : ''].filter(Boolean).join(sentenceGap());
    case 'block':
      return [t(f.fragment !== undefined ? 'ladder.diagram.blockFragments' : 'ladder.diagram.block', v), f.vec4C ? t('ladder.diagram.vec4C') : ''].filter(Boolean).join(sentenceGap());
    case 'tiles':
      return [t(f.doubleBuffered ? 'ladder.diagram.tiles2' : 'ladder.diagram.tiles', v), f.vec4A && f.vec4B ? t('ladder.diagram.vec4AB') : f.vec4B ? t('ladder.diagram.vec4B') : ''].filter(Boolean).join(sentenceGap());
    case 'split':
      return t('ladder.diagram.split', v);
    case 'subgroup':
      return t('ladder.diagram.subgroup', v);
  }
}

function Rect({ r }: { r: DiagramRect }) {
  if (r.role === 'shuffle') {
    // An arc from lane 0 to the lane r.w/… to the right, under the lanes.
    const y = r.y;
    return <path className="dg-shuffle" d={`M ${r.x + 0.5} ${y} Q ${r.x + r.w / 2} ${y + 2} ${r.x + r.w + 0.5} ${y}`} vectorEffect="non-scaling-stroke" />;
  }
  return <rect className={`dg-${r.role}`} data-role={r.role} x={r.x} y={r.y} width={r.w} height={r.h} vectorEffect="non-scaling-stroke" />;
}

/**
 * A rung's launch plan at the current shape, drawn (core/rungDiagram has the geometry): where one
 * workgroup's C block sits, what one invocation owns, the tiles staged per phase, split-K's layers,
 * the subgroup's shuffles. Loaded lazily, when its <details> is first opened.
 */
export default function RungDiagram({ id, plan, shape }: { id: KernelId; plan: LaunchPlan; shape: Shape }) {
  const { t } = useTranslation('run');
  const d = rungDiagram(id, plan, shape);
  return (
    <div className="rung-diagram-body">
      {d.panels.map((p) => {
        const scale = Math.min(kPanelWidth / p.width, kPanelHeight / p.height);
        const text = caption(t, p, d.facts);
        return (
          <figure key={p.id} className="rung-diagram-panel" data-panel={p.id}>
            <svg role="img" aria-label={text} width={Math.max(24, p.width * scale)} height={Math.max(24, p.height * scale)} viewBox={`0 0 ${p.width} ${p.height}`}>
              {p.rects.map((r, i) => (
                <Rect key={i} r={r} />
              ))}
            </svg>
            <figcaption className="small">{text}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}
