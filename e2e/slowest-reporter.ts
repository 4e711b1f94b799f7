import { relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the ten slowest tests at the end of every run (title, file:line, seconds, outcome), so a
 * slow machine shows where the time goes without reading the JSON report (docs/ci.md;
 * `node scripts/e2e-durations.mjs` gives the whole table from playwright-report/e2e.json).
 */
export const kShown = 10;

interface Timed {
  title: string;
  where: string;
  seconds: number;
  status: TestResult['status'];
}

export default class SlowestReporter implements Reporter {
  private readonly timed: Timed[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // titlePath: '', project, file, describes…, title.
    const title = test.titlePath().slice(3).join(' › ');
    const project = test.titlePath()[1];
    this.timed.push({
      title: project ? `[${project}] ${title}` : title,
      where: `${relative(process.cwd(), test.location.file)}:${test.location.line}`,
      seconds: result.duration / 1000,
      status: result.status,
    });
  }

  onEnd(result: FullResult): void {
    if (this.timed.length === 0) return;
    const total = this.timed.reduce((a, t) => a + t.seconds, 0);
    const slowest = [...this.timed].sort((a, b) => b.seconds - a.seconds).slice(0, kShown);
    const lines = slowest.map((t, i) => `${String(i + 1).padStart(3)}. ${t.seconds.toFixed(1).padStart(6)} s  ${t.where}  ${t.title}${t.status === 'passed' ? '' : `  (${t.status})`}`);
    console.log(
      `\nThe ${slowest.length} slowest of ${this.timed.length} tests (${total.toFixed(0)} s of test time in all, run ${result.status}, ${(result.duration / 1000).toFixed(0)} s wall):\n${lines.join('\n')}\n`,
    );
  }
}
