// Orthographic camera and flat shading: turns world millimetres into lit 2D SVG geometry.
import { shade } from './color.ts';
import type { Doc } from './doc.ts';
import {
  add3,
  centroid,
  clamp,
  cross3,
  dot3,
  len3,
  mul3,
  must,
  rad,
  sub3,
  unit3,
} from './geometry.ts';
import type { Prism, Vec2, Vec3 } from './geometry.ts';
import { num, poly, pt } from './svg.ts';

/**
 * World is millimetres, x right, y up, z towards the front of the laptop. Planar rectangles stay
 * parallelograms, so flat artwork can be mapped with one SVG matrix.
 */
export class Camera {
  readonly right: Vec3;
  readonly up: Vec3;
  readonly toEye: Vec3;
  readonly light: Vec3;
  readonly pitch: number;
  scale = 1;
  ox = 0;
  oy = 0;

  constructor(yawDeg: number, pitchDeg: number) {
    const a = rad(yawDeg);
    const p = rad(pitchDeg);
    this.pitch = p;
    this.toEye = [Math.sin(a) * Math.cos(p), Math.sin(p), Math.cos(a) * Math.cos(p)];
    this.right = [Math.cos(a), 0, -Math.sin(a)];
    this.up = [-Math.sin(a) * Math.sin(p), Math.cos(p), -Math.cos(a) * Math.sin(p)];
    // Key light from above, a little to the camera's left and in front, like a window behind the
    // photographer.
    const horizontal: Vec3 = [Math.sin(a), 0, Math.cos(a)];
    this.light = unit3(add3(add3(mul3(this.right, -0.45), [0, 1, 0]), mul3(horizontal, 0.6)));
  }

  lin(v: Vec3): Vec2 {
    return [this.scale * dot3(v, this.right), -this.scale * dot3(v, this.up)];
  }

  at(v: Vec3): Vec2 {
    const [x, y] = this.lin(v);
    return [x + this.ox, y + this.oy];
  }

  /** Closed SVG path through the projections of these world points. */
  path(points: readonly Vec3[]): string {
    return poly(points.map((v) => this.at(v)));
  }

  sees(normal: Vec3): boolean {
    return dot3(normal, this.toEye) > 1e-6;
  }

  depth(v: Vec3): number {
    return dot3(v, this.toEye);
  }

  /** SVG matrix mapping a local w×h drawing onto the 3D parallelogram origin + U, origin + V. */
  frame(origin: Vec3, u: Vec3, v: Vec3, w: number, h: number): string {
    const [a, b] = this.lin(u);
    const [c, d] = this.lin(v);
    const [e, g] = this.at(origin);
    return `matrix(${num(a / w, 5)} ${num(b / w, 5)} ${num(c / h, 5)} ${num(d / h, 5)} ${num(e)} ${num(g)})`;
  }

  /** Brightness offset for a face with this outward normal. */
  shadeFor(normal: Vec3): number {
    return clamp(0.3 * dot3(unit3(normal), this.light) - 0.1, -0.42, 0.22);
  }

  /** Where a point's shadow lands on the table (y = 0). */
  onGround(v: Vec3): Vec3 {
    return sub3(v, mul3(this.light, v[1] / this.light[1]));
  }
}

/** Matrix for a w×h drawing lying flat at height y, centred on (x, z) and turned by angle. */
export function flatFrame(
  cam: Camera,
  x: number,
  z: number,
  y: number,
  angle: number,
  w: number,
  h: number,
): string {
  const a = rad(angle);
  const ux: Vec3 = [Math.cos(a), 0, Math.sin(a)];
  const uz: Vec3 = [-Math.sin(a), 0, Math.cos(a)];
  const origin = sub3(sub3([x, y, z], mul3(ux, w / 2)), mul3(uz, h / 2));
  return cam.frame(origin, mul3(ux, w), mul3(uz, h), w, h);
}

/** Visible side walls of a convex extruded outline, flat-shaded, with a lit chamfer on top. */
export function prismSides(cam: Camera, p: Prism, color: string, chamfer: string | null): string {
  const middle = centroid([...p.top, ...p.bottom]);
  const n = p.top.length;
  let out = '';
  let edge = '';
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    const a = must(p.top[i]);
    const b = must(p.top[j]);
    const c = must(p.bottom[j]);
    const d = must(p.bottom[i]);
    let normal = cross3(sub3(b, a), sub3(d, a));
    if (len3(normal) < 1e-9) continue;
    const mid = mul3(add3(add3(a, b), add3(c, d)), 0.25);
    if (dot3(normal, sub3(mid, middle)) < 0) normal = mul3(normal, -1);
    if (!cam.sees(normal)) continue;
    const col = shade(color, cam.shadeFor(normal));
    out += `<path d="${cam.path([a, b, c, d])}" fill="${col}" stroke="${col}" stroke-width="0.7" stroke-linejoin="round"/>`;
    edge += `M${pt(cam.at(a))}L${pt(cam.at(b))}`;
  }
  if (chamfer !== null && edge !== '') {
    out += `<path d="${edge}" stroke="${chamfer}" stroke-width="1" stroke-linecap="round" fill="none" opacity="0.75"/>`;
  }
  return out;
}

/**
 * A soft shadow that the key light casts from the raised outline, plus a tight contact shadow under
 * the footprint; blur is the soft one's spread in pixels.
 */
export function groundShadows(
  doc: Doc,
  cam: Camera,
  footprint: readonly Vec3[],
  raised: readonly Vec3[],
  blur: number,
): string {
  const foot = cam.path(footprint);
  const cast = cam.path(raised.map((v) => cam.onGround(v)));
  return (
    `<g filter="${doc.blur(blur)}" opacity="0.3"><path d="${foot}"/><path d="${cast}"/></g>` +
    `<g filter="${doc.blur(3)}" opacity="0.55"><path d="${foot}"/></g>`
  );
}

/** Applies the face's lighting plus a soft diagonal sheen on top of already drawn artwork. */
export function lightOverlay(doc: Doc, d: string, k: number, sheen: number): string {
  const base = `<path d="${d}" fill="${k >= 0 ? '#ffffff' : '#000000'}" opacity="${num(Math.abs(k), 3)}"/>`;
  const grad = doc.linear(
    [
      [0, '#ffffff', sheen],
      [0.5, '#ffffff', 0],
      [1, '#000000', sheen * 0.6],
    ],
    0,
    0,
    1,
    1,
  );
  return `${base}<path d="${d}" fill="${grad}"/>`;
}
