import { Bar, LinePath } from '@visx/shape';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';

/**
 * The analytics charts (decision 018: visx primitives, SVG). This module is imported lazily, only by the screens
 * that draw charts, so the login route never carries it. Each chart scales to its container (a viewBox), and is an
 * image with a name: the table beside it is the accessible, exportable form of the same figures.
 */

const WIDTH = 640;
const BAR = 26;
const LABEL = 190;

export interface BarDatum {
  key: string;
  label: string;
  value: number | null;
  /** Where a click on the bar leads (the list behind the figure), if anywhere. */
  href?: string;
  /** The bar's name for a screen reader and its tooltip, e.g. "Agent X: 34.0%". */
  name: string;
}

export function BarChart({
  data,
  title,
  format,
  onOpen,
}: {
  data: BarDatum[];
  title: string;
  format: (v: number) => string;
  onOpen: (href: string) => void;
}) {
  const height = Math.max(1, data.length) * BAR + 24;
  const max = Math.max(0, ...data.map((d) => d.value ?? 0));
  const x = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [0, WIDTH - LABEL - 70] });
  const y = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, height - 24], padding: 0.2 });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="group" aria-label={title} style={{ maxWidth: WIDTH, fontSize: 12 }}>
      <Group top={12}>
        {data.map((d) => {
          const top = y(d.key) ?? 0;
          const width = x(d.value ?? 0);
          const bar = (
            <>
              <text x={LABEL - 8} y={top + y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle" fill="currentColor">
                {d.label.length > 26 ? `${d.label.slice(0, 25)}…` : d.label}
              </text>
              <Bar
                x={LABEL}
                y={top}
                width={Math.max(1, width)}
                height={y.bandwidth()}
                fill="var(--chakra-colors-blue-solid, #2563eb)"
                rx={2}
              />
              <text x={LABEL + width + 6} y={top + y.bandwidth() / 2} dominantBaseline="middle" fill="currentColor">
                {d.value === null ? '–' : format(d.value)}
              </text>
              <title>{d.name}</title>
            </>
          );
          return d.href ? (
            <a
              key={d.key}
              href={d.href}
              aria-label={d.name}
              onClick={(event) => {
                event.preventDefault();
                onOpen(d.href!);
              }}
              style={{ cursor: 'pointer' }}
              data-testid={`bar-${d.key}`}
            >
              {bar}
            </a>
          ) : (
            <g key={d.key} role="img" aria-label={d.name} data-testid={`bar-${d.key}`}>
              {bar}
            </g>
          );
        })}
      </Group>
    </svg>
  );
}

export interface LineSeries {
  name: string;
  color: string;
  values: Array<number | null>;
}

export function LineChart({
  labels,
  series,
  title,
  format,
}: {
  labels: string[];
  series: LineSeries[];
  title: string;
  format: (v: number) => string;
}) {
  const height = 220;
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = Math.max(0, ...all);
  const x = scalePoint<string>({ domain: labels, range: [48, WIDTH - 12] });
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [height - 28, 8] });
  const ticks = y.ticks(4);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={title} style={{ maxWidth: WIDTH, fontSize: 11 }}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={48} x2={WIDTH - 12} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.15} />
          <text x={44} y={y(t)} textAnchor="end" dominantBaseline="middle" fill="currentColor">
            {format(t)}
          </text>
        </g>
      ))}
      {labels.length > 0 && (
        <>
          <text x={48} y={height - 8} fill="currentColor">
            {labels[0]}
          </text>
          <text x={WIDTH - 12} y={height - 8} textAnchor="end" fill="currentColor">
            {labels[labels.length - 1]}
          </text>
        </>
      )}
      {series.map((s) => (
        <LinePath<[string, number | null]>
          key={s.name}
          data={labels.map((l, i) => [l, s.values[i] ?? null])}
          defined={(d) => d[1] !== null}
          x={(d) => x(d[0]) ?? 0}
          y={(d) => y(d[1] ?? 0)}
          stroke={s.color}
          strokeWidth={2}
        />
      ))}
    </svg>
  );
}
