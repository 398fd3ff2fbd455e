import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * One series per day as bars (uPlot, loaded only with the insights panel). The chart is a picture
 * for sighted users (aria-hidden); the same numbers are in the table beside it.
 */
export function InsightChart({ days, counts, color = '#c2410c' }: { days: string[]; counts: number[]; color?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const xs = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
    const width = () => Math.max(200, node.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 120,
        legend: { show: false },
        cursor: { show: false },
        // Half a day either side: the first and last bars are whole.
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ space: 60, size: 30 }, { size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] }],
        series: [{}, { stroke: color, fill: `${color}55`, paths: uPlot.paths.bars?.({ size: [0.7, 24] }) }],
      },
      [xs, counts],
      node,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 120 }));
    resize.observe(node);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, counts, color]);
  return <div ref={box} aria-hidden className="w-full overflow-hidden" />;
}
