/**
 * The last step of `npm run bench`: every figure the bench scripts recorded in this run, as one
 * table (stdout, Markdown) and one JSON file (bench-results/bench.json). Budgets are issue 12's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadFigures, RESULTS_DIR } from './results';

const scripts = loadFigures().sort((a, b) => a.at.localeCompare(b.at));
if (scripts.length === 0) {
  console.error('no bench results: run the bench scripts first');
  process.exit(1);
}
const rows = scripts.flatMap((s) => s.figures.map((f) => ({ ...f, script: s.script })));
const cell = (text: string) => text.replace(/\|/g, '\\|');
const lines = [
  '| figure | ours | baseline in the same run | budget |',
  '|---|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${cell(r.figure)} | ${cell(r.ours)} | ${cell(r.baseline)} | ${r.budget ? `${cell(r.budget)}: **${r.met ? 'met' : 'missed'}**` : ''} |`,
  ),
];
console.log(`\nnpm run bench — ${scripts.map((s) => `${s.script} ${s.at} (load ${s.machine.loadAverage.join(' ')}, ${s.machine.syscallMicros ?? '?'} µs per system call)`).join('; ')}\n`);
console.log(lines.join('\n'));
writeFileSync(path.join(RESULTS_DIR, 'bench.json'), `${JSON.stringify({ scripts, rows }, null, 2)}\n`);
console.log(`\nwritten to ${path.join(RESULTS_DIR, 'bench.json')}`);
const missed = rows.filter((r) => r.budget && !r.met);
if (missed.length) console.log(`budgets missed: ${missed.map((r) => r.figure).join('; ')}`);
