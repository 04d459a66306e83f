import type { Business } from '@neura/contract';
import { skillTexts } from '../../texts/texts';

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating * 2) / 2;
  return (
    <span role="img" aria-label={skillTexts.stars(rating)} className="text-warning">
      {'★'.repeat(Math.floor(full))}
      {full % 1 ? '⯪' : ''}
      <span className="text-muted">{'☆'.repeat(5 - Math.ceil(full))}</span>
    </span>
  );
}

/** yelp_business_search: one card per place (photo, name link, stars, reviews, price, address, distance). */
export function BusinessCards({ businesses }: { businesses: Business[] }) {
  if (businesses.length === 0) return <p className="text-muted">{skillTexts.noBusinesses}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="businesses">
      {businesses.map((b) => (
        <li key={b.url} className="flex min-w-0 gap-3">
          {b.imageUrl ? (
            <img
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
              <Stars rating={b.rating} />
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
