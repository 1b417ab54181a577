// Vector maths and solid outlines in world millimetres, shared by the camera and every drawing.

export type Vec2 = readonly [number, number];
export type Vec3 = readonly [number, number, number];

export const add3 = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub3 = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const mul3 = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot3 = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross3 = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const len3 = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const unit3 = (a: Vec3): Vec3 => mul3(a, 1 / len3(a));
export const rad = (deg: number): number => (deg * Math.PI) / 180;
export const deg = (radians: number): number => (radians * 180) / Math.PI;
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('unexpected missing value');
  return value;
}

/** Rounded rectangle outline centred on the origin, as a closed ring of points. */
export function roundedRing(w: number, h: number, r: number, seg = 5): Vec2[] {
  const pts: Vec2[] = [];
  const corners: readonly (readonly [number, number, number])[] = [
    [w / 2 - r, h / 2 - r, 0],
    [-w / 2 + r, h / 2 - r, 90],
    [-w / 2 + r, -h / 2 + r, 180],
    [w / 2 - r, -h / 2 + r, 270],
  ];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= seg; i += 1) {
      const t = rad(start + (90 * i) / seg);
      pts.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
    }
  }
  return pts;
}

/** An outline extruded between two matching rings of points. */
export interface Prism {
  top: Vec3[];
  bottom: Vec3[];
}

export function centroid(points: readonly Vec3[]): Vec3 {
  let c: Vec3 = [0, 0, 0];
  for (const p of points) c = add3(c, p);
  return mul3(c, 1 / points.length);
}

/** Samples n + 1 evenly spaced points across a width, asking for the height at each. */
export function across(w: number, n: number, y: (x: number, k: number) => number): Vec2[] {
  const pts: Vec2[] = [];
  for (let k = 0; k <= n; k += 1) {
    const x = (w * k) / n;
    pts.push([x, y(x, k)]);
  }
  return pts;
}
