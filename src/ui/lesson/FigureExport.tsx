import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../common/download';

/**
 * Save a figure for slides and handouts: as the SVG that ui/lesson/figureSvg builds (self-contained,
 * in the language in use), or as a PNG drawn from that SVG at twice its size on a canvas. The
 * image is loaded from a blob: URL (the Content-Security-Policy allows img-src blob:), and the
 * download is a blob: link clicked by the page: nothing leaves the browser.
 */

/** What a figure gives to be saved: its SVG document and its file name for an extension. */
export interface FigureFile {
  readonly svg: string;
  readonly name: (ext: 'svg' | 'png') => string;
}

/** Draw an SVG document on a canvas at `scale`× its size and return the PNG. */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(img.naturalWidth * scale);
    canvas.height = Math.round(img.naturalHeight * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2d canvas unavailable'); // i18n-exempt: shown inside the translated export.failed sentence, a browser fault
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png')); // i18n-exempt: as above
  } finally {
    URL.revokeObjectURL(url);
  }
}

const kLabels = {
  map: { svg: ['export.mapSvg', 'export.mapSvgLabel'], png: ['export.mapPng', 'export.mapPngLabel'] },
  phase: { svg: ['export.phaseSvg', 'export.phaseSvgLabel'], png: ['export.phasePng', 'export.phasePngLabel'] },
} as const;
const kFormats = ['svg', 'png'] as const;

/**
 * The two save buttons of a figure (data-testid export-{what}-svg and export-{what}-png):
 * ordinary buttons, so they are in the tab order and pressed with Enter or Space.
 */
export function FigureExport({ what, make }: { what: 'map' | 'phase'; make: () => FigureFile | Promise<FigureFile> }) {
  const { t } = useTranslation('viz');
  const [error, setError] = useState('');
  const save = async (ext: 'svg' | 'png') => {
    setError('');
    try {
      const f = await make();
      const blob = ext === 'svg' ? new Blob([f.svg], { type: 'image/svg+xml' }) : await svgToPng(f.svg);
      downloadBlob(blob, f.name(ext));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="figure-export" role="group" aria-label={t('export.group')}>
      {kFormats.map((ext) => (
        <button key={ext} type="button" data-testid={`export-${what}-${ext}`} title={t(kLabels[what][ext][1])} onClick={() => void save(ext)}>
          {t(kLabels[what][ext][0])}
        </button>
      ))}
      {error && (
        <span className="error-text" role="alert">
          {t('export.failed', { error })}
        </span>
      )}
    </div>
  );
}
