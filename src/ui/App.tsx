import { Comparison } from './Comparison';
import { Controls } from './Controls';
import { GpuStatusPanel } from './GpuStatusPanel';
import { KernelSource } from './KernelSource';
import { ResultCard } from './ResultCard';

export function App() {
  return (
    <main className="app">
      <header className="masthead">
        <h1>Tiles</h1>
        <p className="lead">
          Matrix multiplication on <em>your</em> GPU through WebGPU: a naive kernel and the classic tiled kernel (cuda-samples
          MatrixMulCUDA, PMPP chapter 4), every result checked against a CPU reference, every time measured and labelled.
        </p>
      </header>
      <GpuStatusPanel />
      <Controls />
      <section className="results" aria-label="Results">
        <ResultCard id="naive" />
        <ResultCard id="tiled" />
      </section>
      <Comparison />
      <KernelSource />
      <footer className="small">
        Results stay in this tab; nothing is sent anywhere. The link in the address bar reproduces this configuration.
      </footer>
    </main>
  );
}
