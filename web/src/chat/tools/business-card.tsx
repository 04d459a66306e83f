import type { Business } from '@neura/contract';
import { useId } from 'react';
import { skillTexts } from '../../texts/app-texts';
import { ProxiedImg } from '../../ui/outside-image';

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5Z';

/** One star, full, half or empty, drawn as SVG (no emoji font needed; "⯪" was tofu on many phones). */
function Star({ fill, id }: { fill: 0 | 0.5 | 1; id: string }) {
  return (
    <svg viewBox="0 0 24 24" className="inline-block h-3.5 w-3.5 align-[-2px]" aria-hidden="true">
      {fill === 0.5 ? (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      ) : null}
      <path
        d={STAR}
        fill={fill === 1 ? 'currentColor' : fill === 0.5 ? `url(#${id})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Stars({ rating, id }: { rating: number; id: string }) {
  const full = Math.round(rating * 2) / 2;
  return (
    <span
      role="img"
      aria-label={skillTexts.stars(rating)}
      className="inline-flex gap-px text-warning"
      data-testid="stars"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} id={`${id}-half`} fill={full >= n ? 1 : full >= n - 0.5 ? 0.5 : 0} />
      ))}
    </span>
  );
}

/** yelp_business_search: one card per place (photo, name link, stars, reviews, price, address, distance). */
export function BusinessCards({ businesses }: { businesses: Business[] }) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  if (businesses.length === 0) return <p className="text-muted">{skillTexts.noBusinesses}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="businesses">
      {businesses.map((b, i) => (
        <li key={b.url} className="flex min-w-0 gap-3">
          {b.imageUrl ? (
            <ProxiedImg
              src={b.imageUrl}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="h-14 w-14 shrink-0 rounded-lg object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <a
              href={b.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="block truncate font-medium text-accent-text hover:underline"
            >
              {b.name}
            </a>
            <p className="flex flex-wrap items-center gap-1.5 text-xs">
              <Stars rating={b.rating} id={`stars-${uid}-${i}`} />
              <span className="text-muted">{skillTexts.reviews(b.reviewCount)}</span>
              {b.price ? <span>{b.price}</span> : null}
            </p>
            <p className="truncate text-xs text-muted">{b.address}</p>
            {b.distance !== undefined ? <p className="text-xs text-muted">{skillTexts.distance(b.distance)}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
