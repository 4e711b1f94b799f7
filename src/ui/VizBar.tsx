// i18n-pending: this file's words are not in the catalogues yet
import { useApp } from '../state/store';
import { setBounds, setClassroom } from '../state/viz';

const kWords = {
  label: 'Teaching views',
  bounds: 'PMPP boundary tests',
  boundsOn: 'ON',
  boundsOff: 'OFF — loads past a row’s end read the next row',
  enter: 'Classroom mode',
  enterHint: 'a full-screen presentation of the map and the stepper, for a projector',
  recording: 'Recording on the GPU…',
} as const;

/** Switches for the teaching views: PMPP's boundary tests, and the way into classroom mode. */
export function VizBar() {
  const bounds = useApp((s) => s.bounds);
  const classroom = useApp((s) => s.classroom);
  const status = useApp((s) => s.traceStatus);
  return (
    <section className="panel vizbar" aria-label={kWords.label}>
      <label className="switch">
        <input type="checkbox" data-testid="toggle-bounds" checked={bounds} onChange={(e) => setBounds(e.target.checked)} />
        {kWords.bounds} {bounds ? kWords.boundsOn : kWords.boundsOff}
      </label>
      <button type="button" data-testid="classroom-toggle" aria-pressed={classroom} onClick={() => setClassroom(!classroom)} title={kWords.enterHint}>
        {kWords.enter}
      </button>
      {status === 'running' && (
        <span className="small" role="status">
          {kWords.recording}
        </span>
      )}
    </section>
  );
}
