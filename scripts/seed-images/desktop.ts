// What a laptop screen shows: wallpaper, then an app window, then the OS menu bar, dock or taskbar.
import { appWindow } from './app-windows.ts';
import type { AppWindow } from './app-windows.ts';
import type { Doc } from './doc.ts';
import { must } from './geometry.ts';
import type { Rng } from './random.ts';
import { num, rect, text } from './svg.ts';
import type { Paint } from './wallpapers.ts';

export type Chrome = 'mac' | 'win11' | 'win10' | 'none';

export interface ScreenSpec {
  paint: Paint;
  chrome: Chrome;
  window: AppWindow;
}

const ICON_COLORS: readonly (readonly [string, string])[] = [
  ['#5ac8fa', '#007aff'],
  ['#ffd60a', '#ff9f0a'],
  ['#34c759', '#248a3d'],
  ['#ff6482', '#ff2d55'],
  ['#bf5af2', '#8944ab'],
  ['#f2f2f7', '#c7c7cc'],
  ['#64d2ff', '#0a84ff'],
  ['#ff9f0a', '#ff453a'],
  ['#30d158', '#0a7a30'],
  ['#8e8e93', '#48484a'],
];

/** A square app icon in the n-th palette colour, corners rounded by a fraction of its size. */
function appIcon(doc: Doc, n: number, x: number, y: number, size: number, round: number): string {
  const [from, to] = must(ICON_COLORS[n % ICON_COLORS.length]);
  return rect(x, y, size, size, doc.fade(from, to), ` rx="${num(size * round)}"`);
}

/** macOS menu bar across the top and the dock along the bottom. */
function macDesktop(doc: Doc, w: number, h: number): string {
  const item = (x: number, iw: number): string =>
    rect(x, h * 0.011, iw, h * 0.011, '#111111', ' opacity="0.7"');
  let s = rect(0, 0, w, h * 0.033, '#ffffff', ' opacity="0.35"');
  for (let i = 0; i < 6; i += 1) s += item(6 + i * 11, i === 0 ? 4 : 8);
  for (let i = 0; i < 5; i += 1) s += item(w - 10 - i * 8, 5);
  const n = 11;
  const ic = h * 0.062;
  const dw = n * ic * 1.18 + ic * 0.4;
  const dy = h - ic * 1.45;
  s += rect(
    (w - dw) / 2,
    dy,
    dw,
    ic * 1.3,
    '#ffffff',
    ` rx="${num(ic * 0.35)}" opacity="0.32" stroke="#ffffff" stroke-opacity="0.4" stroke-width="0.3"`,
  );
  for (let i = 0; i < n; i += 1) {
    s += appIcon(doc, i, (w - dw) / 2 + ic * 0.3 + i * ic * 1.18, dy + ic * 0.15, ic, 0.23);
  }
  return s;
}

/** Windows taskbar: centred and light for Windows 11, left-aligned and dark for Windows 10. */
function taskbar(doc: Doc, dark: boolean, w: number, h: number): string {
  const th = h * 0.052;
  let s = rect(0, h - th, w, th, dark ? '#101318' : '#eef1f6', ` opacity="${dark ? 0.92 : 0.88}"`);
  const ic = th * 0.56;
  const y = h - th + (th - ic) / 2;
  const n = 7;
  let x = dark ? ic * 0.7 : (w - n * ic * 1.6) / 2;
  const q = ic / 2 - 0.3;
  const logo = dark ? '#ffffff' : '#1f7ae0';
  for (const [dx, dy] of [
    [0, 0],
    [q + 0.6, 0],
    [0, q + 0.6],
    [q + 0.6, q + 0.6],
  ] as const) {
    s += rect(x + dx, y + dy, q, q, logo);
  }
  x += ic * 1.6;
  if (dark) {
    s += rect(x, y, ic * 8, ic, '#f2f2f2', ' opacity="0.9"');
    x += ic * 8.6;
  }
  for (let i = 1; i < n; i += 1) {
    s += appIcon(doc, i * 3, x, y, ic, 0.2);
    x += ic * 1.6;
  }
  s += text(w - 9, h - th / 2 + 1, '10:42', {
    size: th * 0.34,
    fill: dark ? '#ffffff' : '#222222',
  });
  return s;
}

function desktopChrome(doc: Doc, kind: Chrome, w: number, h: number): string {
  if (kind === 'none') return '';
  if (kind === 'mac') return macDesktop(doc, w, h);
  return taskbar(doc, kind === 'win10', w, h);
}

export function screenArt(doc: Doc, spec: ScreenSpec, w: number, h: number, rng: Rng): string {
  return (
    spec.paint(doc, w, h, rng) +
    appWindow(doc, spec.window, w, h, rng, spec.chrome === 'mac') +
    desktopChrome(doc, spec.chrome, w, h)
  );
}
