// Compact SVG markup builders: number rounding, paths, rectangles, circles and text.
import type { Vec2 } from './geometry.ts';

const FONT = 'sans-serif';

/** Rounds for compact SVG output. */
export function num(v: number, digits = 2): string {
  const k = 10 ** digits;
  return String(Math.round(v * k) / k);
}

export function pt(p: Vec2): string {
  return `${num(p[0])} ${num(p[1])}`;
}

export function poly(points: readonly Vec2[]): string {
  return `M${points.map(pt).join('L')}Z`;
}

export function polyline(points: readonly Vec2[]): string {
  return `M${points.map(pt).join('L')}`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export type Stop = readonly [offset: number, color: string, opacity?: number];

export interface TextStyle {
  size: number;
  fill: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  italic?: boolean;
  opacity?: number;
}

export function text(x: number, y: number, content: string, s: TextStyle): string {
  const attrs = [
    `x="${num(x)}"`,
    `y="${num(y)}"`,
    `font-family="${FONT}"`,
    `font-size="${num(s.size)}"`,
    `fill="${s.fill}"`,
    `font-weight="${s.weight ?? 400}"`,
    `text-anchor="${s.anchor ?? 'middle'}"`,
  ];
  if (s.spacing !== undefined) attrs.push(`letter-spacing="${num(s.spacing)}"`);
  if (s.italic === true) attrs.push('font-style="italic"');
  if (s.opacity !== undefined) attrs.push(`opacity="${num(s.opacity)}"`);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${fill}"${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${extra}/>`;
}

/** A <g> element; attrs is the raw attribute text, e.g. `transform="…"`. */
export function group(attrs: string, content: string): string {
  return `<g ${attrs}>${content}</g>`;
}
