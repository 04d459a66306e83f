import type { WeatherOutput } from '@neura/contract';
import { skillTexts } from '../../texts/app-texts';
import { dateFormat } from '../../texts/format';
import { weatherOf } from './weather-codes';
import { WeatherIcon } from './weather-icon';

const round = (n: number) => Math.round(n);
const weekday = (date: string) => {
  const d = new Date(`${date}T12:00:00`);
  return Number.isNaN(d.getTime()) ? date : dateFormat({ weekday: 'short' }).format(d);
};

/** forecast_weather: now (temperature, condition, feels-like, humidity, wind) and the next days. */
export function WeatherCard({ output }: { output: WeatherOutput }) {
  const { current, units } = output;
  const now = weatherOf(current.weatherCode, current.isDay ?? true);
  const t = (n: number) => `${round(n)}${units.temperature}`;
  return (
    <div data-testid="weather">
      <p className="text-xs text-muted">{output.location.name ?? skillTexts.yourLocation}</p>
      <div className="mt-1 flex items-center gap-3">
        <WeatherIcon name={now.icon} className="h-10 w-10 shrink-0" />
        <div>
          <p className="text-2xl font-semibold" data-testid="weather-now">
            {t(current.temperature)}
          </p>
          <p>{now.label}</p>
        </div>
      </div>
      <p className="mt-1 text-xs text-muted">
        {[
          current.apparentTemperature !== undefined ? skillTexts.feelsLike(t(current.apparentTemperature)) : '',
          current.humidity !== undefined ? skillTexts.humidity(round(current.humidity)) : '',
          current.windSpeed !== undefined ? skillTexts.wind(`${round(current.windSpeed)} ${units.windSpeed}`) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {output.daily.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-2">
          {output.daily.slice(0, 3).map((day) => {
            const w = weatherOf(day.weatherCode);
            return (
              <li key={day.date} className="rounded-lg bg-surface-2 p-2 text-center">
                <p className="text-xs font-semibold">{weekday(day.date)}</p>
                <WeatherIcon name={w.icon} label={w.label} className="mx-auto my-1 h-7 w-7" />
                <p className="text-xs">
                  {t(day.temperatureMax)} / {t(day.temperatureMin)}
                </p>
                {day.precipitationProbability !== undefined ? (
                  <p className="text-[11px] text-muted">{skillTexts.rainChance(round(day.precipitationProbability))}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
