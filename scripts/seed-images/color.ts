// Hex colour arithmetic used to light faces and derive tints from a model's palette.
import { clamp } from './geometry.ts';
import type { Vec3 } from './geometry.ts';

function rgbOf(hex: string): Vec3 {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hexOf(c: Vec3): string {
  const part = (x: number): string => clamp(Math.round(x), 0, 255).toString(16).padStart(2, '0');
  return `#${part(c[0])}${part(c[1])}${part(c[2])}`;
}

export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Positive t lightens towards white, negative darkens towards black. */
export function shade(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#000000', -t);
}

export function luminance(c: string): number {
  const [r, g, b] = rgbOf(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
