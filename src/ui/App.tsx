import { useApp } from '../state/store';
import { Comparison } from './Comparison';
import { Controls } from './Controls';
import { GpuStatusPanel } from './GpuStatusPanel';
import { KernelSource } from './KernelSource';
import { DataFlow, TilingWhy } from './Lessons';
import { PhaseStepper } from './PhaseStepper';
import { ResultCard } from './ResultCard';
import { TileMap } from './TileMap';
import { VizBar } from './VizBar';
import { Classroom } from './Classroom';
import { Bench } from './Bench';
import { Ladder } from './Ladder';
import { Partitions } from './Partitions';
import { DotView } from './DotView';
import { setView } from '../state/dot';

export function App() {
  const classroom = useApp((s) => s.classroom);
  const view = useApp((s) => s.view);
  // Classroom mode is a presentation of its own (the stepper keys are installed by it and by the stepper).
  if (classroom) return <Classroom />;
  return (
    <main className="app" data-classroom="false">
      <header className="masthead">
        <h1>Tiles</h1>
        <p className="lead">
          Matrix multiplication on <em>your</em> GPU through WebGPU: a naive kernel and the classic tiled kernel (cuda-samples
          MatrixMulCUDA, PMPP chapter 4), every result checked against a CPU reference, every time measured and labelled.
        </p>
      </header>
      <GpuStatusPanel />
      <nav className="tabs" aria-label="Views">
        <button type="button" data-testid="view-matmul" aria-pressed={view === 'matmul'} onClick={() => setView('matmul')}>
          Matrix multiplication
        </button>
        <button type="button" data-testid="view-dot" aria-pressed={view === 'dot'} onClick={() => setView('dot')}>
          Dot product (reduction)
        </button>
      </nav>
      {view === 'dot' ? (
        <DotView />
      ) : (
        <>
          <Controls />
          <section className="results" aria-label="Results">
            <ResultCard id="naive" />
            <ResultCard id="tiled" />
          </section>
          <Comparison />
          <VizBar />
          <TileMap />
          <PhaseStepper />
          <TilingWhy />
          <Partitions />
          <DataFlow />
          <Ladder />
          <Bench />
          <KernelSource />
        </>
      )}
      <footer className="small">
        Results stay in this tab; nothing is sent anywhere. The link in the address bar reproduces this configuration.
      </footer>
    </main>
  );
}
