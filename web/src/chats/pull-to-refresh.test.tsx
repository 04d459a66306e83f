import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { PullToRefresh } from './pull-to-refresh';

const touch = (y: number) => ({ touches: [{ clientY: y }] });

describe('PullToRefresh', () => {
  it('should say "Pull to refresh...", then "Loose to refresh...", then "Loading..." until done', async () => {
    const scrollRef = createRef<HTMLDivElement>();
    let finish: () => void = () => undefined;
    let calls = 0;
    const onRefresh = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    render(
      <PullToRefresh scrollRef={scrollRef} onRefresh={onRefresh}>
        <div ref={scrollRef}>list</div>
      </PullToRefresh>,
    );
    const area = screen.getByText('list').parentElement as HTMLElement;
    const indicator = screen.getByTestId('pull-to-refresh');
    fireEvent.touchStart(area, touch(0));
    fireEvent.touchMove(area, touch(40));
    expect(indicator.textContent).toBe('Pull to refresh...');
    fireEvent.touchMove(area, touch(200));
    expect(indicator.textContent).toBe('Loose to refresh...');
    fireEvent.touchEnd(area);
    expect(indicator.textContent).toBe('Loading...');
    expect(calls).toBe(1);
    await act(async () => finish());
    expect(indicator.textContent).toBe('');
  });

  it('should not refresh when let go before the threshold', () => {
    const scrollRef = createRef<HTMLDivElement>();
    let calls = 0;
    render(
      <PullToRefresh
        scrollRef={scrollRef}
        onRefresh={async () => {
          calls += 1;
        }}
      >
        <div ref={scrollRef}>list</div>
      </PullToRefresh>,
    );
    const area = screen.getByText('list').parentElement as HTMLElement;
    fireEvent.touchStart(area, touch(0));
    fireEvent.touchMove(area, touch(30));
    fireEvent.touchEnd(area);
    expect(calls).toBe(0);
    expect(screen.getByTestId('pull-to-refresh').textContent).toBe('');
  });
});
