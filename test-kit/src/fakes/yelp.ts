import { type FakeServer, sendJson, startFakeServer } from './http.js';

/** Yelp Fusion `GET /v3/businesses/search` with a bearer key (YELP_API_URL = url + "/v3"). */
export async function startFakeYelp(key = 'yelp-key'): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    if (req.url.pathname !== '/v3/businesses/search')
      return sendJson(res, 404, { error: { code: 'NOT_FOUND', description: 'Resource could not be found.' } });
    if (req.headers.authorization !== `Bearer ${key}`)
      return sendJson(res, 401, {
        error: { code: 'TOKEN_INVALID', description: 'Invalid access token or authorization header.' },
      });
    const p = req.url.searchParams;
    if (!p.get('location') && !(p.get('latitude') && p.get('longitude')))
      return sendJson(res, 400, {
        error: { code: 'VALIDATION_ERROR', description: 'Please specify a location or a latitude and longitude' },
      });
    const term = p.get('term') ?? '';
    sendJson(res, 200, {
      businesses: [1, 2].map((i) => ({
        id: `biz-${i}`,
        alias: `biz-${i}`,
        name: `${term} place ${i}`,
        image_url: `https://s3-media1.fl.yelpcdn.com/bphoto/${i}/o.jpg`,
        is_closed: false,
        url: `https://www.yelp.com/biz/biz-${i}?adjust_creative=x`,
        review_count: 100 * i,
        categories: [{ alias: 'ramen', title: 'Ramen' }],
        rating: 4.5 - i / 2,
        coordinates: { latitude: 37.78, longitude: -122.41 },
        transactions: ['pickup'],
        price: '$'.repeat(i),
        location: {
          address1: `${i} Market St`,
          city: 'San Francisco',
          zip_code: '94103',
          country: 'US',
          state: 'CA',
          display_address: [`${i} Market St`, 'San Francisco, CA 94103'],
        },
        phone: '+14155550100',
        display_phone: '(415) 555-0100',
        distance: 321.7 * i,
      })),
      total: 2,
      region: { center: { latitude: 37.78, longitude: -122.41 } },
    });
  });
}
