/**
 * The figures of one `npm run bench` run: each bench script records its rows here (one JSON file
 * per script under bench-results/), and bench/report.ts prints them as one table and writes them
 * together to bench-results/bench.json. A row is our figure beside the baseline measured in the
 * same run on the same machine (or the budget it is held to).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
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
  machine: { cpus: number; loadAverage: number[] };
  figures: Figure[];
}

/** Writes this script's figures (replacing its previous run's). */
export function saveFigures(script: string, figures: Figure[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: ScriptResults = {
    script,
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage: loadavg().map((n) => Math.round(n * 10) / 10) },
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
