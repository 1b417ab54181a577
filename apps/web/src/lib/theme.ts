import { useCallback, useSyncExternalStore } from 'react';

/**
 * Light or dark, kept across visits; the first visit follows the system setting. The theme is
 * daisyUI's `data-theme` on <html>.
 */
export type Theme = 'light' | 'dark';
const THEME_KEY = 'theme';
const listeners = new Set<() => void>();

function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  return saved === 'light' || saved === 'dark' ? saved : systemTheme();
}

export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.setAttribute('data-theme', theme);
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentTheme);
  const toggleTheme = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_KEY, next);
    applyTheme(next);
    for (const listener of listeners) listener();
  }, []);
  return { theme, toggleTheme };
}
