import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { writeXlsx } from '../src/platform/xlsx.ts';
import { record } from './summary.ts';

/**
 * Issue 5: a long export does not block the server. Writes a 100,000 × 20 sheet (the export cap) and
 * reports the longest stall of the event loop meanwhile, which is what other requests wait for.
 */
export async function benchXlsx(): Promise<void> {
  const header = Array.from({ length: 20 }, (_, i) => `Column ${i}`);
  const rows = Array.from({ length: 100_000 }, (_, r) =>
    header.map((_, c) => (c % 3 === 0 ? r * c : `贴片电阻 R-${r}-${c}`)),
  );
  for (let round = 0; round < 2; round++) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const start = performance.now();
    const file = await writeXlsx({ name: 'bench', header, rows });
    delay.disable();
    if (round === 1) {
      record({
        row: 'other',
        case: 'xlsx export 100,000 × 20: longest event-loop stall',
        target: '—',
        measured: delay.max / 1e6,
        unit: 'ms',
        pass: null,
      });
    }
    console.log(
      `xlsx export 100,000 × 20: ${Math.round(performance.now() - start)} ms, ${(file.length / 1e6).toFixed(1)} MB, longest event-loop stall ${Math.round(delay.max / 1e6)} ms`,
    );
  }
}
