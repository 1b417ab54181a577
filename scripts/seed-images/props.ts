// Desk props placed around the laptop to make a believable listing photo: mugs, plants, phones.
import { flatFrame, groundShadows, lightOverlay, prismSides } from './camera.ts';
import type { Camera } from './camera.ts';
import { shade } from './color.ts';
import type { Doc } from './doc.ts';
import { deg, must, rad, roundedRing } from './geometry.ts';
import type { Prism, Vec2, Vec3 } from './geometry.ts';
import type { PowerBrick } from './model.ts';
import { group, num, pt, rect } from './svg.ts';

export type Prop =
  | { kind: 'mug'; x: number; z: number; color: string; drink: string }
  | { kind: 'plant'; x: number; z: number; pot: string }
  | { kind: 'phone'; x: number; z: number; angle: number; color: string }
  | { kind: 'notebook'; x: number; z: number; angle: number; color: string; pen: string }
  | { kind: 'charger'; x: number; z: number; angle: number; brick: PowerBrick };

type Flat = Extract<Prop, { angle: number }>;
type Upright = Exclude<Prop, Flat>;

/** A w×h object lying flat: offset soft shadow, its edge on the table, its top face raised. */
interface Slab {
  w: number;
  h: number;
  rx: number;
  thickness: number;
  edge: string;
  blur: number;
  shadow: number;
  offset: Vec2;
}

function slab(doc: Doc, cam: Camera, p: Flat, k: Slab, top: string): string {
  const S = cam.scale;
  const at = (y: number): string => flatFrame(cam, p.x, p.z, y, p.angle, k.w, k.h);
  const rx = ` rx="${k.rx}"`;
  const shift = `translate(${num(k.offset[0] * S)} ${num(k.offset[1] * S)})`;
  const shadow = group(`transform="${at(0)}"`, rect(0, 0, k.w, k.h, '#000000', rx));
  return (
    group(`filter="${doc.blur(k.blur)}" opacity="${k.shadow}" transform="${shift}"`, shadow) +
    group(`transform="${at(0)}"`, rect(0, 0, k.w, k.h, k.edge, rx)) +
    group(`transform="${at(k.thickness)}"`, top)
  );
}

function phone(doc: Doc, cam: Camera, p: Extract<Prop, { kind: 'phone' }>): string {
  const glass = doc.linear(
    [
      [0, '#1b2030'],
      [0.45, '#0c0e14'],
      [1, '#05060a'],
    ],
    0,
    0,
    1,
    1,
  );
  const top =
    rect(0, 0, 72, 150, p.color, ' rx="10"') +
    rect(3.5, 3.5, 65, 143, glass, ' rx="7.5"') +
    rect(28, 7, 16, 4, '#000000', ' rx="2"') +
    '<path d="M4 4h40L4 90Z" fill="#ffffff" opacity="0.06"/>';
  const edge = shade(p.color, -0.3);
  const k: Slab = {
    w: 72,
    h: 150,
    rx: 10,
    thickness: 8,
    edge,
    blur: 5,
    shadow: 0.35,
    offset: [6, 2],
  };
  return slab(doc, cam, p, k, top);
}

/** A closed notebook with a pen lying across it. */
function notebook(doc: Doc, cam: Camera, p: Extract<Prop, { kind: 'notebook' }>): string {
  const cover = doc.diagonal(shade(p.color, 0.1), shade(p.color, -0.12));
  const penFill = doc.fade(shade(p.pen, 0.3), shade(p.pen, -0.3));
  const top =
    rect(0, 0, 150, 210, cover, ' rx="4"') +
    rect(128, 0, 6, 210, shade(p.color, -0.28)) +
    rect(14, 150, 56, 30, '#ffffff', ' opacity="0.12" rx="2"');
  const k: Slab = {
    w: 150,
    h: 210,
    rx: 4,
    thickness: 11,
    edge: '#e9e4d8',
    blur: 6,
    shadow: 0.3,
    offset: [7, 3],
  };
  const pen =
    rect(0, 0, 140, 9, penFill, ' rx="4.5"') +
    rect(104, 0, 4, 9, '#d6d6d6') +
    '<path d="M0 4.5L-9 3.2V5.8Z" fill="#333333"/>';
  const penAt = flatFrame(cam, p.x - 20, p.z + 10, 16, p.angle + 62, 140, 9);
  return slab(doc, cam, p, k, top) + group(`transform="${penAt}"`, pen);
}

/**
 * A loose coil of cable on the table, in millimetres from where it leaves the brick's end: u along
 * the brick's width, v across it. It strays little either side, so it stays clear of the laptop.
 */
const CABLE_COIL: readonly Vec2[] = [
  [0, 0],
  [16, 0],
  [40, -4],
  [64, -14],
  [84, -4],
  [88, 16],
  [72, 28],
  [52, 20],
  [50, 0],
  [64, -16],
  [92, -22],
  [118, -12],
  [136, 4],
];

/** A smooth SVG path through a polyline, its corners rounded off with quadratics via the midpoints. */
function smoothPath(points: readonly Vec2[]): string {
  const mid = (a: Vec2, b: Vec2): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  let d = `M${pt(must(points[0]))}`;
  for (let i = 1; i < points.length - 1; i += 1) {
    const corner = must(points[i]);
    d += `Q${pt(corner)} ${pt(mid(corner, must(points[i + 1])))}`;
  }
  return `${d}L${pt(must(points[points.length - 1]))}`;
}

/** The laptop's power brick with its cable coiled beside it and a USB-C plug at the end. */
function charger(doc: Doc, cam: Camera, p: Extract<Prop, { kind: 'charger' }>): string {
  const b = p.brick;
  const a = rad(p.angle);
  // Brick-local table coordinates (u along its width, v along its length) to world millimetres.
  const place = ([u, v]: Vec2, y: number): Vec3 => [
    p.x + u * Math.cos(a) - v * Math.sin(a),
    y,
    p.z + u * Math.sin(a) + v * Math.cos(a),
  ];
  const ring = roundedRing(b.width, b.length, Math.min(b.width, b.length) * 0.2);
  const brick: Prism = {
    top: ring.map((q) => place(q, b.height)),
    bottom: ring.map((q) => place(q, 0)),
  };

  // The cable rises into the brick's end face; the rest lies on the table, 2 mm being its radius.
  const coil = CABLE_COIL.map(([u, v]): Vec3 => place([b.width / 2 + u, v], 2));
  coil[0] = place([b.width / 2, 0], b.height * 0.4);
  const d = smoothPath(coil.map((v) => cam.at(v)));
  const w = 4.2 * cam.scale;
  const cable =
    `<path d="${d}" fill="none" stroke="#000000" stroke-width="${num(w * 1.5)}" opacity="0.3" filter="${doc.blur(2)}"/>` +
    `<path d="${d}" fill="none" stroke="${shade(b.color, -0.35)}" stroke-width="${num(w)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${shade(b.color, 0.1)}" stroke-width="${num(w * 0.5)}" stroke-linecap="round"/>`;

  // USB-C plug: a moulded boot in the cable's colour and a metal tip, pointing along the last span.
  const end = must(coil[coil.length - 1]);
  const before = must(coil[coil.length - 2]);
  const heading = Math.atan2(end[2] - before[2], end[0] - before[0]);
  const centre: Vec3 = [end[0] + Math.cos(heading) * 14, 3, end[2] + Math.sin(heading) * 14];
  const plugAt = flatFrame(cam, centre[0], centre[2], 3, deg(heading), 30, 8);
  const plug =
    rect(
      0,
      0,
      22,
      8,
      shade(b.color, -0.05),
      ` rx="2.5" stroke="${shade(b.color, -0.35)}" stroke-width="0.6"`,
    ) + rect(22, 1.6, 8, 4.8, '#b9bdc3', ' rx="1.2"');

  const top = cam.path(brick.top);
  const up: Vec3 = [0, 1, 0];
  return (
    groundShadows(doc, cam, brick.bottom, brick.top, 6) +
    cable +
    group(`transform="${plugAt}"`, plug) +
    prismSides(cam, brick, b.color, shade(b.color, 0.3)) +
    `<path d="${top}" fill="${b.color}"/>` +
    lightOverlay(doc, top, cam.shadeFor(up), 0.12)
  );
}

const LEAVES: readonly (readonly [offset: number, lean: number, height: number])[] = [
  [-0.5, -0.9, 3],
  [0.45, 0.8, 3.2],
  [-0.15, -0.3, 3.9],
  [0.2, 0.35, 3.6],
  [-0.65, -1.6, 2.3],
  [0.7, 1.5, 2.5],
  [0, 0.05, 2.8],
];

/** Soil and long pointed leaves rising from a pot whose rim is centred on (cx, ty). */
function leaves(doc: Doc, cx: number, ty: number, r: number, sinP: number): string {
  let s = `<ellipse cx="${num(cx)}" cy="${num(ty + r * sinP * 0.1)}" rx="${num(r * 0.88)}" ry="${num(r * sinP * 0.8)}" fill="#3b2a1e"/>`;
  const leaf = doc.linear(
    [
      [0, '#2f6b3a'],
      [0.5, '#4f9a55'],
      [1, '#1f4a28'],
    ],
    0,
    0,
    1,
    0,
  );
  for (const [off, lean, height] of LEAVES) {
    const bx = cx + off * r * 0.8;
    const tipX = bx + lean * r * 0.6;
    const tipY = ty - height * r;
    const lw = r * 0.22;
    s += `<path d="M${num(bx - lw)} ${num(ty + 2)}Q${num(bx - lw * 1.4 + lean * r * 0.2)} ${num(ty - height * r * 0.55)} ${num(tipX)} ${num(tipY)}Q${num(bx + lw * 1.4 + lean * r * 0.3)} ${num(ty - height * r * 0.5)} ${num(bx + lw)} ${num(ty + 2)}Z" fill="${leaf}" stroke="#c9c36a" stroke-width="${num(r * 0.03)}"/>`;
  }
  return s;
}

/** A round upright object, drawn as a shaded cylinder: a mug with a drink or a potted plant. */
function vessel(doc: Doc, cam: Camera, p: Upright): string {
  const S = cam.scale;
  const sinP = Math.sin(cam.pitch);
  const cosP = Math.cos(cam.pitch);
  const [cx, by] = cam.at([p.x, 0, p.z]);
  const mug = p.kind === 'mug';
  const r = (mug ? 42 : 46) * S;
  const rb = mug ? r : r * 0.78;
  const hgt = (mug ? 95 : 88) * S * cosP;
  const ty = by - hgt;
  const color = mug ? p.color : p.pot;
  let s = `<ellipse cx="${num(cx + r * 0.5)}" cy="${num(by)}" rx="${num(r * 1.5)}" ry="${num(r * sinP * 1.4)}" fill="#000000" opacity="0.28" filter="${doc.blur(7)}"/>`;
  const body = doc.linear(
    [
      [0, shade(color, -0.25)],
      [0.3, shade(color, 0.16)],
      [0.62, color],
      [1, shade(color, -0.38)],
    ],
    0,
    0,
    1,
    0,
  );
  if (mug) {
    s += `<path d="M${num(cx + r * 0.9)} ${num(ty + hgt * 0.22)}c${num(r * 0.75)} 0 ${num(r * 0.75)} ${num(hgt * 0.55)} 0 ${num(hgt * 0.55)}" fill="none" stroke="${shade(color, -0.2)}" stroke-width="${num(r * 0.2)}" stroke-linecap="round"/>`;
  }
  s += `<path d="M${num(cx - r)} ${num(ty)}L${num(cx - rb)} ${num(by)}A${num(rb)} ${num(rb * sinP)} 0 0 0 ${num(cx + rb)} ${num(by)}L${num(cx + r)} ${num(ty)}Z" fill="${body}"/>`;
  s += `<ellipse cx="${num(cx)}" cy="${num(ty)}" rx="${num(r)}" ry="${num(r * sinP)}" fill="${shade(color, 0.25)}"/>`;
  if (p.kind === 'mug') {
    return `${s}<ellipse cx="${num(cx)}" cy="${num(ty + r * sinP * 0.12)}" rx="${num(r * 0.86)}" ry="${num(r * sinP * 0.8)}" fill="${p.drink}"/>`;
  }
  return s + leaves(doc, cx, ty, r, sinP);
}

export function drawProp(doc: Doc, cam: Camera, p: Prop): string {
  switch (p.kind) {
    case 'mug':
    case 'plant':
      return vessel(doc, cam, p);
    case 'phone':
      return phone(doc, cam, p);
    case 'notebook':
      return notebook(doc, cam, p);
    case 'charger':
      return charger(doc, cam, p);
  }
}
