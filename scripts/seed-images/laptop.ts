// The laptop as a solid: base and lid geometry, table shadows, faces, ports and draw order.
import { groundShadows, lightOverlay, prismSides } from './camera.ts';
import type { Camera } from './camera.ts';
import { shade } from './color.ts';
import type { Doc } from './doc.ts';
import { deckArt, lidInnerArt } from './faces.ts';
import { add3, cross3, deg, mul3, rad, roundedRing, sub3, unit3 } from './geometry.ts';
import type { Prism, Vec3 } from './geometry.ts';
import type { LaptopModel } from './model.ts';
import { rect } from './svg.ts';

export interface Geometry {
  base: Prism;
  lid: Prism;
  inner: (s: number, t: number) => Vec3;
  outer: (s: number, t: number) => Vec3;
  lidDir: Vec3;
  lidN: Vec3;
  deckN: Vec3;
}

/**
 * The tilt that folds the lid shut onto the deck: 90° forward from upright plus the deck's own slope,
 * so a wedge-shaped base (MacBook Air) closes flush instead of leaving a gap at the front.
 */
export function closedTilt(m: LaptopModel): number {
  return -90 - deg(Math.atan2(m.backT - m.frontT, m.depth));
}

/** Base and lid solids for a model whose lid is tilted tiltDeg back from upright. */
export function geometry(m: LaptopModel, tiltDeg: number): Geometry {
  const W = m.width;
  const D = m.depth;
  const tau = rad(tiltDeg);
  const lidDir: Vec3 = [0, Math.cos(tau), -Math.sin(tau)];
  const lidN: Vec3 = [0, Math.sin(tau), Math.cos(tau)];
  const hinge: Vec3 = [0, m.backT - 0.6, -D / 2 + m.lidT * Math.cos(tau) + 0.6];
  const topY = (z: number): number => m.backT + ((m.frontT - m.backT) * (z + D / 2)) / D;
  const ring = roundedRing(W, D, m.corner);
  const base: Prism = {
    top: ring.map(([x, z]): Vec3 => [x, topY(z), z]),
    bottom: ring.map(([x, z]): Vec3 => [x, 0, z]),
  };
  const L = m.lidLength;
  const inner = (s: number, t: number): Vec3 => add3(add3(hinge, [s, 0, 0]), mul3(lidDir, t));
  const outer = (s: number, t: number): Vec3 => sub3(inner(s, t), mul3(lidN, m.lidT));
  const lidRing = roundedRing(W, L, m.corner);
  const lid: Prism = {
    top: lidRing.map(([s, b]) => inner(s, b + L / 2)),
    bottom: lidRing.map(([s, b]) => outer(s, b + L / 2)),
  };
  const deckN = unit3(cross3([0, m.frontT - m.backT, D], [1, 0, 0]));
  return { base, lid, inner, outer, lidDir, lidN, deckN };
}

function base(doc: Doc, cam: Camera, m: LaptopModel, g: Geometry): string {
  let s = prismSides(cam, g.base, m.body, m.chamfer);
  if (cam.sees(g.deckN)) {
    const W = m.width;
    const D = m.depth;
    const deck = cam.path(g.base.top);
    const tf = cam.frame([-W / 2, m.backT, -D / 2], [W, 0, 0], [0, m.frontT - m.backT, D], W, D);
    s += `<path d="${deck}" fill="${m.deck}"/><g transform="${tf}">${deckArt(doc, m)}</g>`;
    s += lightOverlay(doc, deck, cam.shadeFor(g.deckN), 0.1);
  }
  return s;
}

/** The lid's side walls plus whichever face points at the camera: screen or lid art. */
function lid(doc: Doc, cam: Camera, m: LaptopModel, g: Geometry, screen: string): string {
  const W = m.width;
  const L = m.lidLength;
  let s = prismSides(cam, g.lid, m.lid, m.chamfer);
  if (cam.sees(g.lidN)) {
    const tf = cam.frame(g.inner(-W / 2, L), [W, 0, 0], mul3(g.lidDir, -L), W, L);
    s += `<path d="${cam.path(g.lid.top)}" fill="${shade(m.lid, cam.shadeFor(g.lidN))}"/>`;
    return `${s}<g transform="${tf}">${lidInnerArt(doc, m, screen)}</g>`;
  }
  const face = cam.path(g.lid.bottom);
  const tf = cam.frame(g.outer(W / 2, L), [-W, 0, 0], mul3(g.lidDir, -L), W, L);
  s += `<path d="${face}" fill="${m.lid}"/>`;
  if (m.lidArt !== undefined) {
    const clip = doc.clip(rect(0, 0, W, L, '#000', ` rx="${m.corner}"`));
    s += `<g transform="${tf}"><g clip-path="${clip}">${m.lidArt(doc, W, L)}</g></g>`;
  }
  return s + lightOverlay(doc, face, cam.shadeFor(mul3(g.lidN, -1)), 0.14);
}

/** Two USB-C ports and a larger port on whichever long side faces the camera. */
function ports(cam: Camera, m: LaptopModel): string {
  const D = m.depth;
  let s = '';
  for (const side of [-1, 1]) {
    if (!cam.sees([side, 0, 0])) continue;
    const x = (side * m.width) / 2 + side * 0.05;
    const yc = Math.min(m.frontT, m.backT) * 0.48;
    for (const [zc, w, h] of [
      [-D / 2 + 30, 8.6, 3],
      [-D / 2 + 44, 8.6, 3],
      [-D / 2 + 62, side > 0 ? 6.5 : 12, side > 0 ? 6.5 : 4.5],
    ] as const) {
      const q: Vec3[] = [
        [x, yc + h / 2, zc - w / 2],
        [x, yc + h / 2, zc + w / 2],
        [x, yc - h / 2, zc + w / 2],
        [x, yc - h / 2, zc - w / 2],
      ];
      s += `<path d="${cam.path(q)}" fill="#18191b" stroke="#0c0c0d" stroke-width="0.4" stroke-linejoin="round"/>`;
    }
  }
  return s;
}

export function drawLaptop(
  doc: Doc,
  cam: Camera,
  m: LaptopModel,
  g: Geometry,
  screen: string,
): string {
  // The soft shadow includes the raised lid.
  const under = groundShadows(doc, cam, g.base.bottom, g.lid.top, 14);
  const body = base(doc, cam, m, g) + ports(cam, m);
  const top = lid(doc, cam, m, g, screen);
  return under + (cam.sees(g.lidN) ? top + body : body + top);
}
