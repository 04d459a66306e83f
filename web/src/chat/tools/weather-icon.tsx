import type { ReactNode } from 'react';

export type WeatherIconName =
  | 'sun'
  | 'moon'
  | 'partly'
  | 'cloud'
  | 'fog'
  | 'drizzle'
  | 'rain'
  | 'snow'
  | 'thunder'
  | 'unknown';

// A cloud across the whole box, and a higher one that leaves room for rain, snow or a bolt below.
const CLOUD = 'M7 19h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.2 12.1 3.5 3.5 0 0 0 7 19z';
const HIGH_CLOUD = 'M7 14h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.2 7.1 3.5 3.5 0 0 0 7 14z';
const RAYS = [0, 45, 90, 135, 180, 225, 270, 315];

const sun = (cx: number, cy: number, r: number, ray: number) => (
  <>
    <circle cx={cx} cy={cy} r={r} fill="#f59e0b" stroke="#f59e0b" />
    {RAYS.map((deg) => {
      const a = (deg * Math.PI) / 180;
      const [c, s] = [Math.cos(a), Math.sin(a)];
      return (
        <line
          key={deg}
          x1={cx + c * (r + 1.5)}
          y1={cy + s * (r + 1.5)}
          x2={cx + c * (r + 1.5 + ray)}
          y2={cy + s * (r + 1.5 + ray)}
          stroke="#f59e0b"
        />
      );
    })}
  </>
);

const SHAPES: Record<WeatherIconName, ReactNode> = {
  sun: sun(12, 12, 4, 2.5),
  moon: <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" fill="#fcd34d" stroke="#fcd34d" />,
  partly: (
    <>
      {sun(8, 8, 3, 1.5)}
      <path d={CLOUD} fill="currentColor" fillOpacity={0.25} />
    </>
  ),
  cloud: <path d={CLOUD} fill="currentColor" fillOpacity={0.25} />,
  fog: (
    <>
      <path d={HIGH_CLOUD} />
      <path d="M4 18h16M6 21h12" />
    </>
  ),
  drizzle: (
    <>
      <path d={HIGH_CLOUD} />
      <path d="M8 17.5v1M12 18.5v1M16 17.5v1M10 21v1M14 21v1" stroke="#38bdf8" />
    </>
  ),
  rain: (
    <>
      <path d={HIGH_CLOUD} />
      <path d="M9 16.5l-1 3M13 16.5l-1 3M17 16.5l-1 3M11 20.5l-.5 1.5M15 20.5l-.5 1.5" stroke="#38bdf8" />
    </>
  ),
  snow: (
    <>
      <path d={HIGH_CLOUD} />
      <g fill="currentColor">
        <circle cx="8" cy="17.5" r="1" />
        <circle cx="12" cy="18.5" r="1" />
        <circle cx="16" cy="17.5" r="1" />
        <circle cx="10" cy="21.5" r="1" />
        <circle cx="14" cy="21.5" r="1" />
      </g>
    </>
  ),
  thunder: (
    <>
      <path d={HIGH_CLOUD} />
      <path d="M13 14l-3 4.5h4L11.5 23" stroke="#f59e0b" />
    </>
  ),
  unknown: (
    <>
      <path d="M10 14.5V5a2 2 0 1 1 4 0v9.5a4 4 0 1 1-4 0z" />
      <circle cx="12" cy="17.5" r="1.5" fill="currentColor" />
    </>
  ),
};

/**
 * A weather condition drawn as inline SVG (emoji need an emoji font: without one they show as
 * boxes). `label` names it for screen readers; without a label the icon is decorative.
 */
export function WeatherIcon({ name, label, className }: { name: WeatherIconName; label?: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      data-testid="weather-icon"
      data-icon={name}
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {SHAPES[name]}
    </svg>
  );
}
