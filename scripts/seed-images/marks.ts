// Brand marks and chip stickers, drawn instead of borrowed logos so the pictures stay our own.
import type { Doc } from './doc.ts';
import { circle, num, rect, text } from './svg.ts';
import type { TextStyle } from './svg.ts';

/** Draws a mark centred on (cx, cy) in the caller's units. */
export type Mark = (doc: Doc, cx: number, cy: number) => string;

export const textMark =
  (label: string, style: Omit<TextStyle, 'anchor'>): Mark =>
  (_doc, cx, cy) =>
    text(cx, cy + style.size * 0.36, label, { ...style, anchor: 'middle' });

/** The small word mark printed on a MacBook's bottom bezel. */
export const macChin = (label: string, color: string): Mark =>
  textMark(label, { size: 3.9, fill: color, weight: 400, spacing: 0.25 });

/** HP's round badge with a lower-case italic "hp" knocked out of it. */
export const hpMark =
  (r: number, color: string, knock: string): Mark =>
  (_doc, cx, cy) =>
    circle(cx, cy, r, color) +
    text(cx - r * 0.04, cy + r * 0.36, 'hp', {
      size: r * 1.15,
      fill: knock,
      weight: 700,
      italic: true,
      spacing: -r * 0.06,
    });

/** Dell's ring with the word mark inside. */
export const dellMark =
  (r: number, color: string): Mark =>
  (_doc, cx, cy) =>
    circle(cx, cy, r, 'none', ` stroke="${color}" stroke-width="${num(r * 0.1)}"`) +
    text(cx, cy + r * 0.2, 'DELL', {
      size: r * 0.56,
      fill: color,
      weight: 700,
      spacing: r * 0.05,
    });

/** ThinkPad word mark; the dot over the i is the famous red LED. */
export const thinkPadMark =
  (size: number, color: string): Mark =>
  (_doc, cx, cy) => {
    const x = cx - size * 2.56;
    const y = cy + size * 0.36;
    return (
      text(x, y, 'ThinkPad', { size, fill: color, weight: 700, anchor: 'start' }) +
      circle(x + size * 1.57, y - size * 0.68, size * 0.12, '#e4202e')
    );
  };

export const lenovoBoxMark =
  (h: number): Mark =>
  (_doc, cx, cy) =>
    rect(cx - h * 1.9, cy - h / 2, h * 3.8, h, '#e2231a') +
    text(cx, cy + h * 0.22, 'Lenovo', { size: h * 0.62, fill: '#ffffff', weight: 700 });

/** A processor or graphics sticker on the palm rest, positioned in deck millimetres. */
export interface Sticker {
  x: number;
  y: number;
  colors: readonly [string, string];
  label: string;
  ink: string;
}

type StickerAt = (x: number, y: number, label: string) => Sticker;

const chipSticker =
  (colors: readonly [string, string], ink: string): StickerAt =>
  (x, y, label) => ({ x, y, colors, label, ink });

export const intelSticker = chipSticker(['#1b6fd1', '#0a3f8c'], '#ffffff');
export const amdSticker = chipSticker(['#2b2b2b', '#0d0d0d'], '#ff8a1c');
export const nvidiaSticker = chipSticker(['#111111', '#000000'], '#76b900');
