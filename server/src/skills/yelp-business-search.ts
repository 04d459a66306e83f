import type { Business } from '@neura/contract';
import { type RunContext, type SkillModule, skillTool } from './skill-tool.js';
import { joinUrl, plainText, webUrl } from './text.js';

export const MAX_BUSINESSES = 8;

interface YelpAnswer {
  businesses?: Array<{
    name?: string;
    rating?: number;
    review_count?: number;
    url?: string;
    price?: string;
    distance?: number;
    image_url?: string;
    display_phone?: string;
    categories?: Array<{ title?: string }>;
    location?: { display_address?: string[]; address1?: string; city?: string };
  }>;
}

async function searchBusinesses(ctx: RunContext, term: string, location?: string): Promise<Business[]> {
  const params = new URLSearchParams({ term, limit: String(MAX_BUSINESSES), sort_by: 'best_match' });
  if (location) params.set('location', location);
  else {
    const device = await ctx.requestLocation(ctx.signal);
    params.set('latitude', String(device.latitude));
    params.set('longitude', String(device.longitude));
  }
  const url = new URL(joinUrl(ctx.config.YELP_API_URL, 'businesses/search'));
  url.search = params.toString();
  const { data } = await ctx.http.provider.json<YelpAnswer>(url, {
    provider: 'business search (Yelp)',
    headers: { Authorization: `Bearer ${ctx.config.YELP_API_KEY}` },
    signal: ctx.signal,
  });
  const businesses: Business[] = [];
  for (const b of data?.businesses ?? []) {
    const link = webUrl(b.url);
    if (!b.name || !link) continue;
    const address =
      b.location?.display_address?.join(', ') || [b.location?.address1, b.location?.city].filter(Boolean).join(', ');
    const image = webUrl(b.image_url);
    businesses.push({
      name: plainText(b.name, 120),
      rating: typeof b.rating === 'number' ? b.rating : 0,
      reviewCount: Number.isInteger(b.review_count) ? (b.review_count as number) : 0,
      address,
      url: link,
      ...(b.price ? { price: b.price } : {}),
      ...(typeof b.distance === 'number' ? { distance: Math.round(b.distance) } : {}),
      ...(image?.startsWith('https:') ? { imageUrl: image } : {}),
      ...(b.categories?.length ? { categories: b.categories.map((c) => c.title ?? '').filter(Boolean) } : {}),
      ...(b.display_phone ? { phone: b.display_phone } : {}),
    });
    if (businesses.length === MAX_BUSINESSES) break;
  }
  return businesses;
}

export const yelpBusinessSearchSkill: SkillModule<'yelp_business_search'> = {
  id: 'yelp_business_search',
  available: (config) => config.YELP_API_KEY !== undefined,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'yelp_business_search',
      label: 'business search (Yelp)',
      description:
        'Find local businesses on Yelp (restaurants, shops, services) with rating, price, address and link. Leave out location for "near me": the device location is used. Distances are in metres.',
      run: async ({ term, location }, run) => ({ businesses: await searchBusinesses(run, term, location) }),
    }),
};
