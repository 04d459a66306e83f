import { adminTexts } from '../texts/admin';
import { formatNumber } from '../texts/format';

/**
 * The dashboard's charts: plain SVG (no chart library to load), scaled to the container's width,
 * each with a text alternative (the figures are in the tables too). Every day's whole column
 * answers hover with its value (a single active day is more than a thin bar to aim at), and the
 * peak day is written under the chart.
 */
export function BarChart({
  title,
  points,
  tone = 'var(--color-accent, #7c6cf0)',
}: {
  title: string;
  points: Array<{ label: string; value: number }>;
  tone?: string;
}) {
  const width = 600;
  const height = 140;
  const max = Math.max(1, ...points.map((p) => Math.abs(p.value)));
  const slot = width / Math.max(1, points.length);
  const bar = Math.max(1, slot * 0.7);
  const total = points.reduce((a, p) => a + p.value, 0);
  const peak = points.reduce<{ label: string; value: number } | undefined>(
    (best, p) => (p.value !== 0 && (!best || Math.abs(p.value) > Math.abs(best.value)) ? p : best),
    undefined,
  );
  return (
    <figure className="flex flex-col gap-1 rounded-xl border border-border bg-surface-2 p-3">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{title}</span>
        <span className="text-muted">{formatNumber(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-28 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${title}: ${points.map((p) => `${p.label} ${p.value}`).join(', ')}`}
      >
        <line x1="0" x2={width} y1={height - 1} y2={height - 1} stroke="currentColor" strokeOpacity="0.2" />
        {points.map((p, i) => {
          const h = (Math.abs(p.value) / max) * (height - 4);
          return (
            <g key={p.label}>
              <title>{`${p.label}: ${formatNumber(p.value)}`}</title>
              {/* The whole column answers hover, not only the bar. */}
              <rect x={i * slot} y={0} width={slot} height={height} fill="transparent" />
              <rect
                x={i * slot + (slot - bar) / 2}
                y={height - 1 - h}
                width={bar}
                height={h}
                fill={p.value < 0 ? 'var(--color-danger, #e5484d)' : tone}
              />
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between gap-2 text-xs text-muted" aria-hidden="true">
        <span>{points[0]?.label}</span>
        {peak ? (
          <span className="text-fg" data-testid="chart-peak">
            {adminTexts.dashboard.peak(peak.label, formatNumber(peak.value))}
          </span>
        ) : null}
        <span>{points[points.length - 1]?.label}</span>
      </div>
    </figure>
  );
}
