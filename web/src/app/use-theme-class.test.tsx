import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { THEME_COLORS, useThemeClass } from './use-theme-class';

const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = '#0b0d12';
  document.head.append(meta);
});
afterEach(() => {
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
  document.documentElement.className = '';
});

describe('useThemeClass', () => {
  it("should set the theme classes and make the browser's theme-color follow light, dark and blackout", () => {
    useAppStore.setState({ theme: 'light', blackout: false });
    renderHook(() => useThemeClass());
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(themeColor()).toBe(THEME_COLORS.light);
    expect(THEME_COLORS.light).toBe('#f7f7fb');

    act(() => useAppStore.setState({ theme: 'dark' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#0b0d12');

    act(() => useAppStore.setState({ blackout: true }));
    expect(document.documentElement.classList.contains('blackout')).toBe(true);
    expect(themeColor()).toBe('#000000');

    // Blackout applies to the dark theme only.
    act(() => useAppStore.setState({ theme: 'light' }));
    expect(document.documentElement.classList.contains('blackout')).toBe(false);
    expect(themeColor()).toBe('#f7f7fb');
  });
});
