/**
 * The figures of one `npm run bench` run: each bench script records its rows here (one JSON file
 * per script under bench-results/), and bench/report.ts prints them as one table and writes them
 * together to bench-results/bench.json. A row is our figure beside the baseline measured in the
 * same run on the same machine (or the budget it is held to).
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = fileURLToPath(new URL('../bench-results', import.meta.url));

export interface Figure {
  figure: string;
  ours: string;
  baseline: string;
  /** The bar of issue 12 / DESIGN.md, and whether this run met it. */
  budget?: string;
  met?: boolean;
}

export interface ScriptResults {
  script: string;
  at: string;
  machine: Machine;
  figures: Figure[];
}

export interface Machine {
  cpus: number;
  loadAverage: number[];
  /** Microseconds per system call (a 1-byte read of /dev/zero). */
  syscallMicros: number;
}

/**
 * The cost of one system call, measured, so that figures from two machines of the same kind can be
 * told apart. On 2026-11-25 a machine whose kernel ran with page-table isolation as a paravirtual
 * guest (`pti=on`, PVM) took 2.2 µs per call from Node, and ran the soak on the code that had given
 * p50 4.6 ms the day before at p50 40–65 ms: system calls, context switches and Chromium's IPC cost
 * several times more there at the same CPU speed.
 */
function syscallMicros(calls = 200_000): number {
  const fd = openSync('/dev/zero', 'r');
  const byte = Buffer.alloc(1);
  try {
    const start = performance.now();
    for (let i = 0; i < calls; i++) readSync(fd, byte, 0, 1, null);
    return Math.round(((performance.now() - start) * 1000 * 100) / calls) / 100;
  } finally {
    closeSync(fd);
  }
}

export function machine(): Machine {
  return { cpus: cpus().length, loadAverage: loadavg().map((n) => Math.round(n * 10) / 10), syscallMicros: syscallMicros() };
}

/** The line each bench prints before its figures. */
export function describeMachine(): string {
  const { cpus, loadAverage, syscallMicros } = machine();
  return `machine: ${cpus} cores, load average ${loadAverage.join(' ')} at start, ${syscallMicros} µs per system call (other work on the machine skews every figure)`;
}

/** Writes this script's figures (replacing its previous run's). */
export function saveFigures(script: string, figures: Figure[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: ScriptResults = {
    script,
    at: new Date().toISOString(),
    machine: machine(),
    figures,
  };
  writeFileSync(path.join(RESULTS_DIR, `${script}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

export function loadFigures(): ScriptResults[] {
  let files: string[] = [];
  try {
    files = readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json') && f !== 'bench.json');
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(RESULTS_DIR, f), 'utf8')) as ScriptResults);
}
