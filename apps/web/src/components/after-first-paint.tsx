import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * How long after the load event the first screen is left to finish: its data, its images and the
 * session check usually arrive after the scripts, so the load event alone is too early.
 */
const SETTLE_MS = 300;

/**
 * Renders `children`, lazily loaded parts that the first screen can do without (the carousel,
 * the footer, the toaster), a moment after the page has loaded, so their code never competes
 * with what the first screen needs. `fallback` stands in until then and while their code loads.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer = 0;
    const wait = () => {
      timer = window.setTimeout(() => setReady(true), SETTLE_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      clearTimeout(timer);
    };
  }, []);
  return <Suspense fallback={fallback}>{ready ? children : fallback}</Suspense>;
}
