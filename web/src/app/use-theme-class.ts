import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';

/** The page background of each theme (styles.css `--color-surface`), for the browser's theme-color. */
export const THEME_COLORS = { light: '#f7f7fb', dark: '#0b0d12', blackout: '#000000' } as const;

/** Reflects the theme and blackout preferences on <html> and in the theme-color meta (browser bars). */
export function useThemeClass(): void {
  const theme = useAppStore((s) => s.theme);
  const blackout = useAppStore((s) => s.blackout);
  useEffect(() => {
    const root = document.documentElement;
    const black = blackout && theme === 'dark';
    root.classList.toggle('dark', theme === 'dark');
    root.classList.toggle('light', theme === 'light');
    root.classList.toggle('blackout', black);
    const color = THEME_COLORS[black ? 'blackout' : theme];
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = color;
  }, [theme, blackout]);
}
