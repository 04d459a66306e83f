import { skillTexts } from '../../texts/app-texts';
import type { WeatherIconName } from './weather-icon';

type WeatherKey = keyof typeof skillTexts.weather;

/** WMO weather interpretation codes (Open-Meteo's `weather_code`) → a label and an icon (weather-icon.tsx). */
const GROUPS: Array<[codes: number[], key: WeatherKey, day: WeatherIconName, night?: WeatherIconName]> = [
  [[0], 'clear', 'sun', 'moon'],
  [[1], 'mainlyClear', 'partly', 'moon'],
  [[2], 'partlyCloudy', 'partly', 'cloud'],
  [[3], 'overcast', 'cloud'],
  [[45, 48], 'fog', 'fog'],
  [[51, 53, 55], 'drizzle', 'drizzle'],
  [[56, 57], 'freezingDrizzle', 'rain'],
  [[61, 63, 65], 'rain', 'rain'],
  [[66, 67], 'freezingRain', 'rain'],
  [[71, 73, 75], 'snow', 'snow'],
  [[77], 'snowGrains', 'snow'],
  [[80, 81, 82], 'showers', 'rain'],
  [[85, 86], 'snowShowers', 'snow'],
  [[95, 96, 99], 'thunderstorm', 'thunder'],
];

export function weatherOf(code: number, isDay = true): { label: string; icon: WeatherIconName } {
  const group = GROUPS.find(([codes]) => codes.includes(code));
  if (!group) return { label: skillTexts.weather.unknown, icon: 'unknown' };
  const [, key, day, night] = group;
  return { label: skillTexts.weather[key], icon: !isDay && night ? night : day };
}
