import { type FakeServer, sendJson, startFakeServer } from './http.js';

/**
 * Open-Meteo: forecast (`GET /v1/forecast?latitude&longitude&current=…&daily=…&timezone=auto`)
 * and geocoding (`GET /v1/search?name=`) on one server (OPEN_METEO_URL and
 * OPEN_METEO_GEOCODING_URL = url + "/v1"). Bad parameters get the real `{ error, reason }` 400.
 */
export async function startFakeOpenMeteo(): Promise<FakeServer> {
  return startFakeServer((req, res) => {
    const p = req.url.searchParams;
    if (req.url.pathname === '/v1/search') {
      const name = p.get('name') ?? '';
      if (name.toLowerCase() === 'nowhere-at-all') return sendJson(res, 200, { generationtime_ms: 0.4 });
      return sendJson(res, 200, {
        results: [
          {
            id: 2988507,
            name: name.charAt(0).toUpperCase() + name.slice(1),
            latitude: 48.85341,
            longitude: 2.3488,
            elevation: 43,
            timezone: 'Europe/Paris',
            country: 'France',
            country_code: 'FR',
            admin1: 'Île-de-France',
            population: 2138551,
          },
        ],
        generationtime_ms: 0.9,
      });
    }
    if (req.url.pathname !== '/v1/forecast') return sendJson(res, 404, { error: true, reason: 'Not Found' });
    const latitude = Number(p.get('latitude'));
    const longitude = Number(p.get('longitude'));
    if (!Number.isFinite(latitude) || !p.get('daily') || p.get('timezone') !== 'auto')
      return sendJson(res, 400, { error: true, reason: 'Parameter latitude or timezone missing' });
    const days = Number(p.get('forecast_days') ?? 7);
    const f = p.get('temperature_unit') === 'fahrenheit';
    const t = (c: number) => (f ? Math.round((c * 9) / 5 + 32) : c);
    sendJson(res, 200, {
      latitude,
      longitude,
      generationtime_ms: 0.1,
      utc_offset_seconds: 3600,
      timezone: 'Europe/Paris',
      timezone_abbreviation: 'CET',
      elevation: 40,
      current_units: {
        time: 'iso8601',
        interval: 'seconds',
        temperature_2m: f ? '°F' : '°C',
        apparent_temperature: f ? '°F' : '°C',
        relative_humidity_2m: '%',
        precipitation: f ? 'inch' : 'mm',
        weather_code: 'wmo code',
        wind_speed_10m: f ? 'mp/h' : 'km/h',
        is_day: '',
      },
      current: {
        time: '2026-11-22T10:00',
        interval: 900,
        temperature_2m: t(7.1),
        apparent_temperature: t(4.9),
        relative_humidity_2m: 81,
        precipitation: 0,
        weather_code: 3,
        wind_speed_10m: 12.4,
        is_day: 1,
      },
      daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: f ? '°F' : '°C' },
      daily: {
        time: Array.from({ length: days }, (_, i) => `2026-11-${22 + i}`),
        weather_code: Array.from({ length: days }, (_, i) => [3, 61, 0, 71, 95, 45, 2][i % 7]),
        temperature_2m_max: Array.from({ length: days }, (_, i) => t(9 + i)),
        temperature_2m_min: Array.from({ length: days }, (_, i) => t(2 + i)),
        precipitation_probability_max: Array.from({ length: days }, (_, i) => (i * 20) % 100),
      },
    });
  });
}
