import { Bench } from '../bench/Bench';

/** The benchmark view (sweep, chart, table, history) and the shared-results view (the same parts, the shared results first). */
export function BenchView({ shared }: { shared: boolean }) {
  return <Bench sharedView={shared} />;
}
