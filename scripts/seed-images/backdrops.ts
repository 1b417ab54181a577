// What the laptop stands on and in front of: table surfaces and an optional wall, in world space.
import type { Camera } from './camera.ts';
import { HEIGHT, WIDTH } from './canvas.ts';
import { shade } from './color.ts';
import type { Doc } from './doc.ts';
import { add3, mul3, rad } from './geometry.ts';
import type { Vec2, Vec3 } from './geometry.ts';
import { between } from './random.ts';
import type { Rng } from './random.ts';
import { circle, group, num, poly, polyline, rect } from './svg.ts';

export type Surface =
  | { kind: 'wood'; base: string; grain: string; plank: number }
  | { kind: 'stone'; base: string; vein: string }
  | { kind: 'concrete'; base: string }
  | { kind: 'fabric'; base: string }
  | { kind: 'studio'; base: string; glow: string };

interface Wall {
  top: string;
  bottom: string;
  distance: number;
  twist: number;
  window?: boolean;
  art?: readonly [string, string];
}

export interface Backdrop {
  surface: Surface;
  wall?: Wall;
}

export const wood = (base: string, grain: string, plank = 150): Surface => ({
  kind: 'wood',
  base,
  grain,
  plank,
});

const full = (fill: string): string => rect(0, 0, WIDTH, HEIGHT, fill);

/** Planks running left to right in perspective, each with a few wavy grain lines. */
function planks(cam: Camera, sf: Extract<Surface, { kind: 'wood' }>, rng: Rng): string {
  const span = 2600;
  let s = '';
  for (let z = -span; z < span; z += sf.plank) {
    const q: Vec3[] = [
      [-span, 0, z],
      [span, 0, z],
      [span, 0, z + sf.plank],
      [-span, 0, z + sf.plank],
    ];
    const tone = between(rng, -0.06, 0.06);
    s += `<path d="${cam.path(q)}" fill="${shade(sf.base, tone)}" opacity="0.7"/>`;
    s += `<path d="${polyline([cam.at([-span, 0, z]), cam.at([span, 0, z])])}" stroke="${sf.grain}" stroke-width="1.2" opacity="0.35"/>`;
    for (let g = 0; g < 7; g += 1) {
      const z0 = z + between(rng, 4, sf.plank - 4);
      const amp = between(rng, 1, 4);
      const ph = rng() * 6;
      const pts: Vec2[] = [];
      for (let x = -span; x <= span; x += 120)
        pts.push(cam.at([x, 0, z0 + amp * Math.sin(x / 180 + ph)]));
      s += `<path d="${polyline(pts)}" fill="none" stroke="${sf.grain}" stroke-width="${num(between(rng, 0.5, 1.8))}" opacity="${num(between(rng, 0.06, 0.16))}"/>`;
    }
  }
  return s;
}

/** Marble veins wandering across the table, every third one wide and blurred. */
function veins(doc: Doc, cam: Camera, vein: string, rng: Rng): string {
  let s = '';
  for (let i = 0; i < 9; i += 1) {
    let x = between(rng, -900, 900);
    let z = between(rng, -900, 600);
    let dir = between(rng, -0.6, 0.6);
    const pts: Vec2[] = [];
    for (let k = 0; k < 26; k += 1) {
      pts.push(cam.at([x, 0, z]));
      dir += between(rng, -0.35, 0.35);
      x += Math.cos(dir) * 40;
      z += Math.sin(dir) * 40;
    }
    const wide = i % 3 === 0;
    s += `<path d="${polyline(pts)}" fill="none" stroke="${vein}" stroke-width="${wide ? 7 : num(between(rng, 0.6, 1.6))}" opacity="${wide ? 0.12 : num(between(rng, 0.18, 0.4))}"${wide ? ` filter="${doc.blur(5)}"` : ''}/>`;
  }
  return s;
}

/** Cloudy blotches and light and dark specks of poured concrete. */
function concrete(doc: Doc, base: string, rng: Rng): string {
  let s = '';
  for (let i = 0; i < 14; i += 1) {
    s += `<ellipse cx="${num(rng() * WIDTH)}" cy="${num(rng() * HEIGHT)}" rx="${num(between(rng, 40, 140))}" ry="${num(between(rng, 20, 70))}" fill="${shade(base, between(rng, -0.12, 0.1))}" opacity="0.5" filter="${doc.blur(18)}"/>`;
  }
  for (let i = 0; i < 90; i += 1) {
    const [x, y, r] = [rng() * WIDTH, rng() * HEIGHT, between(rng, 0.5, 1.4)];
    s += circle(x, y, r, shade(base, rng() > 0.5 ? 0.3 : -0.3), ' opacity="0.45"');
  }
  return s;
}

/** Soft light and dark folds of a cloth, with a faint diagonal weave. */
function folds(doc: Doc, rng: Rng): string {
  let s = '';
  for (let i = 0; i < 8; i += 1) {
    const y = between(rng, 40, HEIGHT);
    const d = `M-50 ${num(y)}C${num(between(rng, 100, 300))} ${num(y + between(rng, -120, 120))} ${num(between(rng, 400, 650))} ${num(y + between(rng, -120, 120))} 860 ${num(y + between(rng, -80, 80))}`;
    const light = i % 2 === 0;
    s += `<path d="${d}" fill="none" stroke="${light ? '#ffffff' : '#000000'}" stroke-width="${num(between(rng, 18, 46))}" opacity="${light ? 0.12 : 0.1}" filter="${doc.blur(16)}"/>`;
  }
  return (
    s +
    full(doc.pattern(3, 3, `<path d="M0 0L3 3" stroke="#000" stroke-width="0.5" opacity="0.05"/>`))
  );
}

function surfaceDetail(doc: Doc, cam: Camera, sf: Surface, rng: Rng): string {
  switch (sf.kind) {
    case 'wood':
      return planks(cam, sf, rng);
    case 'stone':
      return veins(doc, cam, sf.vein, rng);
    case 'concrete':
      return concrete(doc, sf.base, rng);
    case 'fabric':
      return folds(doc, rng);
    case 'studio':
      return full(doc.glow(sf.glow, 0.95, 0.5, 0.38, 0.6));
  }
}

/** A wall behind the table, turned by wall.twist from facing the camera, with light or a print. */
function drawWall(doc: Doc, cam: Camera, yaw: number, wall: Wall, rng: Rng): string {
  const a = rad(yaw + wall.twist);
  const n: Vec3 = [Math.sin(a), 0, Math.cos(a)];
  const t: Vec3 = [Math.cos(a), 0, -Math.sin(a)];
  const c = mul3(n, -wall.distance);
  const pa = cam.at(add3(c, mul3(t, -3000)));
  const pb = cam.at(add3(c, mul3(t, 3000)));
  const region: Vec2[] = [pa, pb, [pb[0], -4000], [pa[0], -4000]];
  const low = Math.max(pa[1], pb[1]);
  const fill = doc.linear(
    [
      [0, wall.top],
      [1, wall.bottom],
    ],
    0,
    0,
    0,
    Math.max(low, 1),
    true,
  );
  let s = `<path d="${poly(region)}" fill="${fill}"/>`;
  if (wall.window === true) {
    const wx = between(rng, 0.05, 0.25) * WIDTH;
    // Light falling through a window out of shot: a wide and a narrow slanted shaft.
    const shaft = (x: number, w: number, opacity: number): string =>
      `<path d="M${num(x)} -20h${w}l-120 ${num(low + 20)}h-${w}Z" fill="#ffffff" opacity="${opacity}" filter="${doc.blur(22)}"/>`;
    s += shaft(wx, 180, 0.16) + shaft(wx + 230, 70, 0.1);
  }
  if (wall.art !== undefined) {
    const origin = add3(add3(c, mul3(t, -470)), [0, 330, 0]);
    const tf = cam.frame(origin, mul3(t, 300), [0, -220, 0], 300, 220);
    const art = doc.diagonal(wall.art[0], wall.art[1]);
    // A framed print: drop shadow, white mount, the artwork and a pale sun on it.
    const print =
      rect(6, 10, 300, 220, '#000000', ' opacity="0.18"') +
      rect(0, 0, 300, 220, '#f7f4ef') +
      rect(14, 14, 272, 192, art) +
      circle(200, 80, 34, '#ffffff', ' opacity="0.35"');
    s += group(`transform="${tf}"`, print);
  }
  return (
    s +
    `<path d="${polyline([pa, pb])}" stroke="#000000" stroke-width="5" opacity="0.18" filter="${doc.blur(3)}"/>`
  );
}

export function drawBackdrop(doc: Doc, cam: Camera, yaw: number, b: Backdrop, rng: Rng): string {
  const sf = b.surface;
  let s = full(doc.fade(shade(sf.base, 0.06), shade(sf.base, -0.1)));
  s += surfaceDetail(doc, cam, sf, rng);
  if (b.wall !== undefined) s += drawWall(doc, cam, yaw, b.wall, rng);
  return s;
}
