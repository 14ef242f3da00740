import { Box, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { IMC_BANDS, type ImcBandKey } from '@wellbe/shared/domain/imc-bands';
import { formatDate } from '../../../lib/format.ts';

export interface SeriesPoint {
  /** Time of the consultation (ms): the x axis is a true time scale. */
  t: number;
  /** Null when the consultation has no such measure: a gap in the curve, never a zero. */
  value: number | null;
}

/** One point per consultation; a missing measure stays null (a gap in the curve, not a zero). */
export function toSeries<P extends { date: string }>(points: readonly P[], pick: (p: P) => number | null): SeriesPoint[] {
  return points.map((p) => ({ t: new Date(p.date).getTime(), value: pick(p) ?? null }));
}

const BAND_COLOURS: Record<ImcBandKey, string> = {
  underweight: '#90caf9',
  normal: '#a5d6a7',
  overweight: '#ffe082',
  obesity: '#ef9a9a',
};

function Frame({ width, height, children }: { width?: number; height: number; children: ReactNode }) {
  // Tests give a width (no layout engine there); the page lets the chart follow its card.
  if (width) return <>{children}</>;
  return (
    <ResponsiveContainer width="100%" height={height}>
      {children as React.ReactElement}
    </ResponsiveContainer>
  );
}

export interface MeasureChartProps {
  data: SeriesPoint[];
  name: string;
  unit?: string;
  /** Shade and label the adult IMC bands (< 18,5 ; 18,5–25 ; 25–30 ; ≥ 30). */
  imcBands?: boolean;
  width?: number;
  height?: number;
}

/** A measure over time (Recharts): the line breaks where a consultation has no value. */
export function MeasureChart({ data, name, unit, imcBands = false, width, height = 260 }: MeasureChartProps) {
  const { t } = useTranslation('patients');
  const theme = useTheme();
  const values = data.map((d) => d.value).filter((v): v is number => v != null);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  // The IMC axis always shows the neighbouring bands, so the reader sees where the patient stands.
  const domain: [number, number] = imcBands
    ? [Math.floor(Math.min(min, 18.5) - 1.5), Math.ceil(Math.max(max, 30) + 1.5)]
    : [Math.floor(min - Math.max(2, (max - min) * 0.2)), Math.ceil(max + Math.max(2, (max - min) * 0.2))];
  const ticks = data.map((d) => d.t);
  const chart = (
    <LineChart data={data} width={width} height={width ? height : undefined} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
      {imcBands &&
        IMC_BANDS.map((band) => (
          <ReferenceArea
            key={band.key}
            y1={Math.max(band.from ?? domain[0], domain[0])}
            y2={Math.min(band.to ?? domain[1], domain[1])}
            fill={BAND_COLOURS[band.key]}
            fillOpacity={0.35}
            ifOverflow="hidden"
            label={{ value: t(`measures.bands.${band.key}`), position: 'insideTopRight', fontSize: 11, fill: theme.palette.text.secondary }}
          />
        ))}
      <XAxis
        dataKey="t"
        type="number"
        scale="time"
        domain={data.length > 1 ? ['dataMin', 'dataMax'] : ['dataMin - 86400000', 'dataMax + 86400000']}
        ticks={ticks.length <= 8 ? ticks : undefined}
        tickFormatter={(v: number) => formatDate(v)}
        fontSize={12}
      />
      <YAxis domain={domain} ticks={imcBands ? [domain[0], 18.5, 25, 30, domain[1]] : undefined} tickFormatter={(v: number) => String(v).replace('.', ',')} fontSize={12} width={44} allowDecimals />
      <Tooltip
        labelFormatter={(v) => formatDate(Number(v))}
        formatter={(v) => [v == null ? '—' : `${String(v).replace('.', ',')}${unit ? ` ${unit}` : ''}`, name]}
      />
      <Line type="monotone" dataKey="value" name={name} stroke={theme.palette.primary.main} strokeWidth={2} dot={{ r: 3 }} connectNulls={false} isAnimationActive={false} />
    </LineChart>
  );
  return (
    // Axes and labels are laid out left to right whatever the page direction: in a right-to-left page
    // SVG text anchors flip and the tick labels fall outside the plot.
    <Box role="img" aria-label={name} data-testid={`chart-${name}`} dir="ltr">
      <Frame width={width} height={height}>
        {chart}
      </Frame>
    </Box>
  );
}
