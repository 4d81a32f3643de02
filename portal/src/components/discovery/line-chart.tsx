import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { visuallyHidden } from '../layout/visually-hidden';

export interface Point {
  label: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 32, left: 64 };

/** Round axis steps (1, 2 or 5 × 10ⁿ) so the grid lines land on readable numbers. */
function niceStep(span: number, lines: number): number {
  const raw = span / lines || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/**
 * A small line chart drawn as SVG (no chart library). The picture is named by `summary`; the
 * values themselves are in a table for screen readers, so nothing is only visible.
 */
export function LineChart({
  points,
  summary,
  labelHeader,
  valueHeader,
  formatValue,
}: {
  points: Point[];
  summary: string;
  labelHeader: string;
  valueHeader: string;
  formatValue: (value: number) => string;
}) {
  const theme = useTheme();
  const titleId = useId();
  if (points.length === 0) return null;
  const values = points.map((point) => point.value);
  const rawMin = Math.min(...values);
  const rawMax = Math.max(...values);
  const step = niceStep(rawMax - rawMin || rawMax || 1, 4);
  const min = Math.floor(rawMin / step) * step;
  const max = Math.max(Math.ceil(rawMax / step) * step, min + step);
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length === 1 ? innerWidth / 2 : (index / (points.length - 1)) * innerWidth);
  const y = (value: number) => PAD.top + innerHeight - ((value - min) / (max - min)) * innerHeight;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(tick);
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.value)}`).join(' ');
  const labelEvery = Math.ceil(points.length / 8);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: theme.typography.fontFamily }}
      >
        <title id={titleId}>{summary}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
            <text
              x={PAD.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={12}
              fill={theme.palette.text.secondary}
            >
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          index % labelEvery === 0 || index === points.length - 1 ? (
            <text
              key={point.label}
              x={x(index)}
              y={HEIGHT - 10}
              // The last label ends at the last point, so it is not cut off at the edge.
              textAnchor={index === points.length - 1 && points.length > 1 ? 'end' : 'middle'}
              fontSize={12}
              fill={theme.palette.text.secondary}
            >
              {point.label}
            </text>
          ) : null,
        )}
        <path d={path} fill="none" stroke={theme.palette.primary.main} strokeWidth={3} strokeLinejoin="round" />
        {points.map((point, index) => (
          <circle key={point.label} cx={x(index)} cy={y(point.value)} r={4} fill={theme.palette.primary.main} />
        ))}
      </Box>
      <Box sx={visuallyHidden}>
        <table>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{formatValue(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
