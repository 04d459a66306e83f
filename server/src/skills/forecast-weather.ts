import type { WeatherOutput } from '@neura/contract';
import type { Config } from '../config.js';
import { SkillError } from './skill-error.js';
import { type RunContext, type SkillModule, skillTool } from './skill-tool.js';
import { joinUrl } from './text.js';

const LABEL = 'weather service';
const IMPERIAL_COUNTRIES = new Set(['US', 'LR', 'MM', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** Open-Meteo's free API is non-commercial; with an API key its customer hosts are the default. */
export function openMeteoUrls(config: Config): { forecast: string; geocoding: string } {
  const paid = config.OPEN_METEO_API_KEY !== undefined;
  return {
    forecast:
      config.OPEN_METEO_URL ?? (paid ? 'https://customer-api.open-meteo.com/v1' : 'https://api.open-meteo.com/v1'),
    geocoding:
      config.OPEN_METEO_GEOCODING_URL ??
      (paid ? 'https://customer-geocoding-api.open-meteo.com/v1' : 'https://geocoding-api.open-meteo.com/v1'),
  };
}

interface Place {
  name?: string;
  latitude: number;
  longitude: number;
  country?: string;
}

interface GeocodingAnswer {
  results?: Array<{
    name: string;
    latitude: number;
    longitude: number;
    admin1?: string;
    country?: string;
    country_code?: string;
  }>;
}

interface ForecastAnswer {
  current_units?: Record<string, string>;
  current?: Record<string, number | string>;
  daily?: Record<string, Array<number | string | null>>;
}

const withKey = (url: URL, config: Config) => {
  if (config.OPEN_METEO_API_KEY) url.searchParams.set('apikey', config.OPEN_METEO_API_KEY);
  return url;
};

async function geocode(ctx: RunContext, name: string): Promise<Place> {
  const url = new URL(joinUrl(openMeteoUrls(ctx.config).geocoding, 'search'));
  url.search = new URLSearchParams({ name, count: '1', language: 'en', format: 'json' }).toString();
  const { data } = await ctx.http.provider.json<GeocodingAnswer>(withKey(url, ctx.config), {
    provider: LABEL,
    signal: ctx.signal,
  });
  const hit = data?.results?.[0];
  if (!hit) throw new SkillError(`No place called "${name}" was found. Ask the user for a nearby city.`);
  return {
    name: [hit.name, hit.admin1, hit.country].filter((p, i, all) => p && all.indexOf(p) === i).join(', '),
    latitude: hit.latitude,
    longitude: hit.longitude,
    country: hit.country_code ?? hit.country,
  };
}

async function devicePlace(ctx: RunContext): Promise<Place> {
  const location = await ctx.requestLocation(ctx.signal);
  const name = [location.city, location.state, location.country].filter(Boolean).join(', ');
  return {
    ...(name ? { name } : {}),
    latitude: location.latitude,
    longitude: location.longitude,
    country: location.country,
  };
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export async function forecast(ctx: RunContext, place: Place, days: number): Promise<WeatherOutput> {
  const imperial = IMPERIAL_COUNTRIES.has((place.country ?? '').toUpperCase());
  const url = new URL(joinUrl(openMeteoUrls(ctx.config).forecast, 'forecast'));
  url.search = new URLSearchParams({
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    current:
      'temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,wind_speed_10m,is_day',
    daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
    timezone: 'auto',
    forecast_days: String(days),
    ...(imperial ? { temperature_unit: 'fahrenheit', wind_speed_unit: 'mph', precipitation_unit: 'inch' } : {}),
  }).toString();
  const { data } = await ctx.http.provider.json<ForecastAnswer>(withKey(url, ctx.config), {
    provider: LABEL,
    signal: ctx.signal,
  });
  const current = data?.current ?? {};
  const temperature = num(current.temperature_2m);
  const weatherCode = num(current.weather_code);
  if (temperature === undefined || weatherCode === undefined)
    throw new SkillError('The weather service sent an answer without the current weather.');
  const daily = data?.daily ?? {};
  const dates = (daily.time ?? []) as string[];
  const units = data?.current_units ?? {};
  const isDay = num(current.is_day);
  return {
    location: { ...(place.name ? { name: place.name } : {}), latitude: place.latitude, longitude: place.longitude },
    current: {
      ...(typeof current.time === 'string' ? { time: current.time } : {}),
      temperature,
      weatherCode,
      apparentTemperature: num(current.apparent_temperature),
      humidity: num(current.relative_humidity_2m),
      precipitation: num(current.precipitation),
      windSpeed: num(current.wind_speed_10m),
      ...(isDay === undefined ? {} : { isDay: isDay === 1 }),
    },
    daily: dates.map((date, i) => ({
      date,
      weatherCode: num(daily.weather_code?.[i]) ?? 0,
      temperatureMax: num(daily.temperature_2m_max?.[i]) ?? temperature,
      temperatureMin: num(daily.temperature_2m_min?.[i]) ?? temperature,
      precipitationProbability: num(daily.precipitation_probability_max?.[i]),
    })),
    units: {
      temperature: units.temperature_2m ?? (imperial ? '°F' : '°C'),
      windSpeed: units.wind_speed_10m ?? (imperial ? 'mp/h' : 'km/h'),
      precipitation: units.precipitation ?? (imperial ? 'inch' : 'mm'),
    },
  };
}

export const forecastWeatherSkill: SkillModule<'forecast_weather'> = {
  id: 'forecast_weather',
  available: () => true,
  create: (ctx) =>
    skillTool(ctx, {
      id: 'forecast_weather',
      label: LABEL,
      // The device may take up to 15 s to share its location, then the forecast itself.
      description:
        "Current weather and a daily forecast (default 3 days) for a named place, or — with no location — for the user's device location. Weather codes are WMO codes; the user also sees a weather card.",
      run: async ({ location, days }, run) => {
        const place = location ? await geocode(run, location) : await devicePlace(run);
        return forecast(run, place, days ?? 3);
      },
    }),
};
