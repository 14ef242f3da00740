import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MeasureChart, toSeries } from './measure-chart.tsx';

// Measures curve: a consultation without a weight leaves a gap in the curve instead of a zero.
const points = [
  { date: '2026-01-10T09:00:00Z', weight: 84.5 },
  { date: '2026-02-10T09:00:00Z', weight: null },
  { date: '2026-03-10T09:00:00Z', weight: 82.1 },
  { date: '2026-04-10T09:00:00Z', weight: 80.4 },
];

describe('weight curve with a missing value', () => {
  it('keeps the missing weight as null in the series, never 0', () => {
    const series = toSeries(points, (p) => p.weight);
    expect(series.map((p) => p.value)).toEqual([84.5, null, 82.1, 80.4]);
  });

  it('draws the line in two pieces around the consultation without a weight, and no point at zero', () => {
    const { container } = render(<MeasureChart data={toSeries(points, (p) => p.weight)} name="Poids" unit="kg" width={600} height={260} />);
    const line = container.querySelector('.recharts-line-curve');
    expect(line).not.toBeNull();
    const d = line!.getAttribute('d')!;
    // One "M" per continuous piece: the gap splits the curve in two.
    expect(d.match(/M/g)).toHaveLength(2);
    // Three dots for the three weighings, none for the missing one.
    const dots = container.querySelectorAll('.recharts-line-dots circle, .recharts-line-dot');
    expect(dots.length).toBe(3);
    // The y axis follows the weights: zero is not even on the scale.
    // Axis labels: dates (DD/MM/YYYY) on x, weights on y.
    const labels = [...container.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((n) => n.textContent ?? '');
    expect(labels).toContain('10/02/2026');
    const ticks = labels.filter((l) => !l.includes('/')).map(Number);
    expect(ticks.length).toBeGreaterThan(0);
    expect(Math.min(...ticks)).toBeGreaterThan(60);
  });

  it('joins the points when no value is missing', () => {
    const full = points.filter((p) => p.weight != null);
    const { container } = render(<MeasureChart data={toSeries(full, (p) => p.weight)} name="Poids" width={600} height={260} />);
    expect(container.querySelector('.recharts-line-curve')!.getAttribute('d')!.match(/M/g)).toHaveLength(1);
  });
});
