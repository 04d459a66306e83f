import { skillTexts } from '../../texts/texts';

type WeatherKey = keyof typeof skillTexts.weather;

/** WMO weather interpretation codes (Open-Meteo's `weather_code`) → a label and an icon. */
const GROUPS: Array<[codes: number[], key: WeatherKey, day: string, night?: string]> = [
  [[0], 'clear', '☀️', '🌙'],
  [[1], 'mainlyClear', '🌤️', '🌙'],
  [[2], 'partlyCloudy', '⛅', '☁️'],
  [[3], 'overcast', '☁️'],
  [[45, 48], 'fog', '🌫️'],
  [[51, 53, 55], 'drizzle', '🌦️'],
  [[56, 57], 'freezingDrizzle', '🌧️'],
  [[61, 63, 65], 'rain', '🌧️'],
  [[66, 67], 'freezingRain', '🌧️'],
  [[71, 73, 75], 'snow', '🌨️'],
  [[77], 'snowGrains', '🌨️'],
  [[80, 81, 82], 'showers', '🌦️'],
  [[85, 86], 'snowShowers', '🌨️'],
  [[95, 96, 99], 'thunderstorm', '⛈️'],
];

export function weatherOf(code: number, isDay = true): { label: string; icon: string } {
  const group = GROUPS.find(([codes]) => codes.includes(code));
  if (!group) return { label: skillTexts.weather.unknown, icon: '🌡️' };
  const [, key, day, night] = group;
  return { label: skillTexts.weather[key], icon: !isDay && night ? night : day };
}
