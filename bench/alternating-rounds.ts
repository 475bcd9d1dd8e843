/**
 * How the call-overhead benchmarks time their contenders: in alternating
 * rounds (a small batch of each, the order reversed every other round), so a
 * change in the machine's load during the run hits all of them alike; each
 * round gives every contender a median, for paired ratios whose median and
 * quartiles say how stable a figure is. CPU is this process's user + system
 * time (plus, for a contender that names one, another process's), the part
 * of an overhead that load cannot blur.
 */
export interface Contender {
  readonly name: string;
  readonly run: () => Promise<void>;
  /** Every call's wall time, filled in by the rounds. */
  readonly wall: number[];
  /** CPU over all its calls, filled in by the rounds. */
  cpuMs: number;
  /** CPU another process has used so far (a server the contender calls), when it counts too. */
  readonly otherCpuMs?: () => number;
}

export function contender(name: string, run: () => Promise<void>, otherCpuMs?: () => number): Contender {
  return { name, run, wall: [], cpuMs: 0, ...(otherCpuMs ? { otherCpuMs } : {}) };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Warms each contender up, then runs the rounds; returns each round's median per contender. */
export async function alternatingRounds(
  contenders: readonly Contender[],
  options: { warmUp: number; rounds: number; batch: number },
): Promise<Map<Contender, number>[]> {
  for (let i = 0; i < options.warmUp; i++) for (const c of contenders) await c.run();
  const rounds: Map<Contender, number>[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    const roundMedian = new Map<Contender, number>();
    for (const c of order) {
      const times: number[] = [];
      const cpu = process.cpuUsage();
      const other = c.otherCpuMs?.() ?? 0;
      for (let i = 0; i < options.batch; i++) {
        const start = performance.now();
        await c.run();
        times.push(performance.now() - start);
      }
      const used = process.cpuUsage(cpu);
      c.cpuMs += (used.user + used.system) / 1000 + (c.otherCpuMs ? c.otherCpuMs() - other : 0);
      c.wall.push(...times);
      roundMedian.set(c, median(times));
    }
    rounds.push(roundMedian);
  }
  return rounds;
}

/** "median 1.14x (quartiles 1.09–1.21)" of the per-round ratios of `of` to `to`. */
export function pairedRatio(rounds: readonly Map<Contender, number>[], of: Contender, to: Contender): string {
  const ratios = rounds.map((round) => round.get(of)! / round.get(to)!).sort((a, b) => a - b);
  const q = (p: number) => percentile(ratios, p).toFixed(2);
  return `median ${q(50)}x (quartiles ${q(25)}–${q(75)})`;
}

/** "CPU +1.22 ms" (or "CPU −0.31 ms"): a contender's CPU per call over the baseline's. */
export function cpuOver(c: Contender, baseline: Contender, calls: number): string {
  const delta = (c.cpuMs - baseline.cpuMs) / calls;
  return `CPU ${delta < 0 ? "−" : "+"}${Math.abs(delta).toFixed(3)} ms`;
}
