// Desktop wallpapers and splash screens painted onto the display, in millimetres of screen.
import { shade } from './color.ts';
import type { Doc } from './doc.ts';
import { across, rad } from './geometry.ts';
import type { Vec2 } from './geometry.ts';
import type { Mark } from './marks.ts';
import { between } from './random.ts';
import type { Rng } from './random.ts';
import { circle, group, num, poly, polyline, rect, text } from './svg.ts';
import type { Stop } from './svg.ts';

/** Fills a w×h screen; may draw on the seeded random numbers. */
export type Paint = (doc: Doc, w: number, h: number, rng: Rng) => string;

interface Layer {
  colors: readonly [string, string];
  base: number;
  amp: number;
  freq: number;
  jagged?: boolean;
}

export interface LandscapeSpec {
  sky: readonly Stop[];
  sun?: { x: number; y: number; r: number; color: string; glow: string };
  stars?: number;
  aurora?: readonly string[];
  water?: { top: number; colors: readonly [string, string]; glint: string };
  layers: readonly Layer[];
}

function aurora(doc: Doc, colors: readonly string[], w: number, h: number): string {
  let s = '';
  colors.forEach((c, i) => {
    const y0 = h * (0.12 + i * 0.1);
    const pts = across(
      w,
      20,
      (_x, k) => y0 + Math.sin(k * 0.55 + i * 1.7) * h * 0.06 + Math.sin(k * 1.3) * h * 0.015,
    );
    const top = pts.map(([x, y]): Vec2 => [x, y - h * 0.16]);
    const band = doc.linear([
      [0, c, 0],
      [0.7, c, 0.55],
      [1, c, 0],
    ]);
    s += `<path d="${poly([...top, ...[...pts].reverse()])}" fill="${band}"/>`;
  });
  return s;
}

/** A hill or mountain range filling the screen below a wavy (or jagged) skyline. */
function ridge(doc: Doc, layer: Layer, w: number, h: number, rng: Rng): string {
  const n = layer.jagged === true ? 26 : 48;
  const ph = rng() * 6.28;
  const ph2 = rng() * 6.28;
  const skyline = across(w, n, (x) => {
    const t = (x / w) * Math.PI * 2 * layer.freq;
    let y = Math.sin(t + ph) * 0.7 + Math.sin(t * 2.3 + ph2) * 0.3;
    if (layer.jagged === true) y = -Math.abs(y) - rng() * 0.35;
    return h * (layer.base + layer.amp * y);
  });
  const pts: Vec2[] = [[0, h], ...skyline, [w, h]];
  return `<path d="${poly(pts)}" fill="${doc.fade(layer.colors[0], layer.colors[1])}"/>`;
}

export function landscape(spec: LandscapeSpec): Paint {
  return (doc, w, h, rng) => {
    let s = rect(0, 0, w, h, doc.linear(spec.sky));
    for (let i = 0; i < (spec.stars ?? 0); i += 1) {
      const [x, y, r] = [rng() * w, rng() * h * 0.55, between(rng, 0.15, 0.45)];
      s += circle(x, y, r, '#ffffff', ` opacity="${num(between(rng, 0.35, 0.9))}"`);
    }
    s += aurora(doc, spec.aurora ?? [], w, h);
    if (spec.sun !== undefined) {
      const sun = spec.sun;
      const glow = doc.glow(sun.glow, 0.75);
      s += circle(w * sun.x, h * sun.y, h * sun.r * 3.2, glow);
      s += circle(w * sun.x, h * sun.y, h * sun.r, sun.color);
    }
    for (const layer of spec.layers) s += ridge(doc, layer, w, h, rng);
    if (spec.water !== undefined) {
      const wt = spec.water;
      s += rect(0, h * wt.top, w, h * (1 - wt.top), doc.fade(wt.colors[0], wt.colors[1]));
      const cx = w * (spec.sun?.x ?? 0.5);
      for (let i = 0; i < 14; i += 1) {
        const y = h * wt.top + (i + 1) * h * 0.022;
        const half = w * (0.12 - i * 0.006) * between(rng, 0.5, 1);
        const x = cx - half + between(rng, -3, 3);
        s += rect(x, y, half * 2, 0.7, wt.glint, ` opacity="${num(0.55 - i * 0.03)}"`);
      }
    }
    return s;
  };
}

/** Layered sine waves over a diagonal gradient, like the macOS Big Sur wallpapers. */
export function waves(
  bg: readonly [string, string],
  layers: readonly (readonly [string, string])[],
): Paint {
  return (doc, w, h, rng) => {
    let s = rect(0, 0, w, h, doc.diagonal(bg[0], bg[1]));
    layers.forEach(([c1, c2], i) => {
      const base = 0.28 + (0.62 * i) / layers.length;
      const amp = between(rng, 0.08, 0.15);
      const ph = rng() * 6.28;
      const freq = between(rng, 0.5, 0.9);
      const pts = across(w, 48, (x) => {
        const t = (x / w) * Math.PI * 2 * freq;
        return h * (base + amp * (Math.sin(t + ph) * 0.75 + Math.sin(t * 2.1 + ph * 1.3) * 0.25));
      });
      const fill = doc.diagonal(c1, c2);
      s += `<path d="${poly([...pts, [w, h], [0, h]])}" fill="${fill}"/>`;
      s += `<path d="${polyline(pts)}" fill="none" stroke="#ffffff" stroke-width="0.6" opacity="0.22"/>`;
    });
    return s;
  };
}

/** Windows 11's blue bloom. */
export const bloom: Paint = (doc, w, h) => {
  const bg = doc.radial(
    [
      [0, '#3f7ee8'],
      [0.55, '#143a86'],
      [1, '#071433'],
    ],
    0.5,
    0.62,
    0.75,
  );
  let s = rect(0, 0, w, h, bg);
  const petal = doc.linear([
    [0, '#d6ecff'],
    [0.35, '#6fb0ff'],
    [1, '#0d3a9a'],
  ]);
  const cx = w * 0.5;
  const cy = h * 0.66;
  for (let i = 0; i < 7; i += 1) {
    const angle = -66 + i * 22;
    const leaf = `<ellipse cx="0" cy="${num(-h * 0.22)}" rx="${num(w * 0.075)}" ry="${num(h * 0.27)}" fill="${petal}" opacity="0.78"/>`;
    s += group(`transform="translate(${num(cx)} ${num(cy)}) rotate(${angle})"`, leaf);
  }
  return s;
};

/** Soft overlapping discs at random places over a diagonal gradient. */
export const circles =
  (bg: readonly [string, string], colors: readonly string[]): Paint =>
  (doc, w, h, rng) => {
    let s = rect(0, 0, w, h, doc.diagonal(bg[0], bg[1]));
    colors.forEach((c) => {
      const fill = doc.radial([
        [0, shade(c, 0.25)],
        [1, c],
      ]);
      s += circle(rng() * w, rng() * h, between(rng, 0.18, 0.42) * h, fill, ' opacity="0.75"');
    });
    return s;
  };

/** A gaming wallpaper of slanted neon light bars. */
export const neon: Paint = (doc, w, h) => {
  let s = rect(0, 0, w, h, doc.diagonal('#140816', '#05050a'));
  const stripe = (x: number, c: string, width: number): string => {
    const fill = doc.linear(
      [
        [0, c, 0],
        [0.5, c, 0.95],
        [1, c, 0],
      ],
      0,
      0,
      1,
      0,
    );
    return `<path d="M${num(x)} 0h${num(width)}L${num(x + width - h * 0.6)} ${num(h)}h${num(-width)}Z" fill="${fill}"/>`;
  };
  s += stripe(w * 0.52, '#ff1f4b', w * 0.05) + stripe(w * 0.6, '#b517ff', w * 0.025);
  s += stripe(w * 0.7, '#ff1f4b', w * 0.012) + stripe(w * 0.34, '#3a0ca3', w * 0.08);
  s += `<path d="M${num(w * 0.18)} ${num(h * 0.62)}l${num(w * 0.1)} ${num(-h * 0.2)}l${num(w * 0.06)} ${num(h * 0.12)}l${num(w * 0.08)} ${num(-h * 0.14)}" stroke="#ff1f4b" stroke-width="2.4" fill="none"/>`;
  s += text(w * 0.23, h * 0.76, 'GAME MODE', {
    size: h * 0.04,
    fill: '#f3f3f6',
    weight: 700,
    spacing: 1,
  });
  return s;
};

/** A firmware splash screen: the clearest way to show the brand on the display itself. */
export function boot(mark: Mark): Paint {
  return (doc, w, h) => {
    const s = rect(0, 0, w, h, '#000000') + mark(doc, w / 2, h * 0.45);
    const dots: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const a = rad(i * 45);
      const opacity = ` opacity="${num(0.25 + i * 0.09)}"`;
      dots.push(
        circle(w / 2 + Math.cos(a) * 4, h * 0.78 + Math.sin(a) * 4, 0.9, '#ffffff', opacity),
      );
    }
    return s + dots.join('');
  };
}
