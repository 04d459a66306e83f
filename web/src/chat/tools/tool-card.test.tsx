import type { Message } from '@neura/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withTool } from '../../store/message-parts';
import { MessageItem } from '../message-item';

const base: Message = {
  id: 'm1',
  chatId: 'c1',
  role: 'assistant',
  content: 'Looking.',
  createdAt: '2026-11-22T10:00:00Z',
  status: 'streaming',
  cost: 1,
};

describe('tool cards', () => {
  it('should show a running call live, then its result, in order with the text', () => {
    const running = withTool(base, { id: 'a', skill: 'web_search', status: 'running', input: { query: 'q' } });
    expect(running.parts?.map((p) => p.type)).toEqual(['text', 'tool']);
    const { rerender } = render(<MessageItem message={running} />);
    expect(screen.getByRole('status').textContent).toContain('Searching the web…');

    const done = withTool(running, {
      id: 'a',
      skill: 'web_search',
      status: 'complete',
      input: { query: 'q' },
      output: { results: [{ title: 'A result', url: 'https://www.example.com/a', snippet: 'About it' }] },
    });
    rerender(<MessageItem message={{ ...done, status: 'complete' }} />);
    expect(screen.getByRole('link', { name: 'A result' }).getAttribute('href')).toBe('https://www.example.com/a');
    expect(screen.getByText('example.com')).toBeTruthy();
    expect(screen.getByText('Looking.')).toBeTruthy();
  });

  it('should show a failed call with its error', () => {
    const failed = withTool(base, {
      id: 'b',
      skill: 'forecast_weather',
      status: 'failed',
      input: {},
      output: { error: 'The weather service took too long to answer.' },
    });
    render(<MessageItem message={{ ...failed, status: 'complete' }} />);
    expect(screen.getByText('Forecast the weather failed')).toBeTruthy();
    expect(screen.getByText('The weather service took too long to answer.')).toBeTruthy();
  });

  it('should load a video embed only when played, from the video hosts only', () => {
    const message = withTool(base, {
      id: 'v',
      skill: 'video_search',
      status: 'complete',
      input: { query: 'q' },
      output: {
        videos: [
          {
            title: 'Clip',
            url: 'https://youtu.be/abcDEF12345',
            provider: 'youtube',
            embedUrl: 'https://evil.example/x',
          },
          { title: 'Stream', url: 'https://www.twitch.tv/videos/42', provider: 'twitch' },
        ],
      },
    });
    const { container } = render(<MessageItem message={{ ...message, status: 'complete' }} />);
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play Clip' }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play Stream' }));
    const twitch = [...container.querySelectorAll('iframe')]
      .map((f) => f.getAttribute('src'))
      .find((s) => s?.includes('twitch'));
    expect(twitch).toBe(`https://player.twitch.tv/?video=42&parent=${location.hostname}`);
  });

  it('should show the weather and a domain card from history', () => {
    const message: Message = {
      ...base,
      status: 'complete',
      parts: [
        {
          type: 'tool',
          id: 'w',
          skill: 'forecast_weather',
          status: 'complete',
          input: {},
          output: {
            location: { name: 'Paris, France', latitude: 48.8, longitude: 2.3 },
            current: { temperature: 7.4, weatherCode: 61, isDay: true },
            daily: [{ date: '2026-11-22', weatherCode: 0, temperatureMax: 9, temperatureMin: 2 }],
            units: { temperature: '°C', windSpeed: 'km/h', precipitation: 'mm' },
          },
        },
        {
          type: 'tool',
          id: 'd',
          skill: 'check_domain',
          status: 'complete',
          input: { domain: 'free.test' },
          output: { domain: 'free.test', status: 'available', source: 'dns' },
        },
      ],
    };
    render(<MessageItem message={message} />);
    expect(screen.getByText('Paris, France')).toBeTruthy();
    expect(screen.getByTestId('weather-now').textContent).toContain('7°C');
    expect(screen.getByText('Rain')).toBeTruthy();
    expect(screen.getByText(/Probably available \(unverified/)).toBeTruthy();
  });
});
