import type { WeatherOutput } from '@neura/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeatherCard } from './weather-card';
import { weatherOf } from './weather-codes';

const output = (over: Partial<WeatherOutput> = {}): WeatherOutput => ({
  location: { name: 'Paris, France', latitude: 48.8, longitude: 2.3 },
  current: { temperature: 7.4, weatherCode: 0, isDay: false },
  daily: [
    { date: '2026-11-22', weatherCode: 61, temperatureMax: 9, temperatureMin: 2 },
    { date: '2026-11-23', weatherCode: 95, temperatureMax: 8, temperatureMin: 1 },
    { date: '2026-11-24', weatherCode: 71, temperatureMax: 3, temperatureMin: -2 },
  ],
  units: { temperature: '°C', windSpeed: 'km/h', precipitation: 'mm' },
  ...over,
});

const EMOJI = /\p{Extended_Pictographic}/u;

describe('WeatherCard icons', () => {
  it('should draw every condition as an inline SVG (no emoji font needed), named for screen readers', () => {
    render(<WeatherCard output={output()} />);
    const card = screen.getByTestId('weather');
    expect(card.textContent).not.toMatch(EMOJI);
    const icons = within(card).getAllByTestId('weather-icon');
    expect(icons).toHaveLength(4);
    for (const icon of icons) expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(icons.map((i) => i.getAttribute('data-icon'))).toEqual(['moon', 'rain', 'thunder', 'snow']);
    expect(within(card).getByRole('img', { name: 'Thunderstorm' })).toBe(icons[2]);
  });

  it('should map every WMO code group to an icon, night variants and an unknown code included', () => {
    expect(weatherOf(0).icon).toBe('sun');
    expect(weatherOf(0, false).icon).toBe('moon');
    expect(weatherOf(2).icon).toBe('partly');
    expect(weatherOf(3).icon).toBe('cloud');
    expect(weatherOf(45).icon).toBe('fog');
    expect(weatherOf(53).icon).toBe('drizzle');
    expect(weatherOf(82).icon).toBe('rain');
    expect(weatherOf(86).icon).toBe('snow');
    expect(weatherOf(1234)).toEqual({ label: 'Unknown weather', icon: 'unknown' });
  });
});
