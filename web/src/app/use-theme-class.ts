import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';

/** Reflects the theme and blackout preferences on <html>. */
export function useThemeClass(): void {
  const theme = useAppStore((s) => s.theme);
  const blackout = useAppStore((s) => s.blackout);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.classList.toggle('light', theme === 'light');
    root.classList.toggle('blackout', blackout && theme === 'dark');
  }, [theme, blackout]);
}
