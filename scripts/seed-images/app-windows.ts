// Application windows shown on the laptop screens: a shop, an editor, a sheet, photos, music.
import { mix } from './color.ts';
import type { Doc } from './doc.ts';
import { must } from './geometry.ts';
import { between } from './random.ts';
import type { Rng } from './random.ts';
import { circle, num, rect, text } from './svg.ts';

export type AppWindow = 'browser' | 'code' | 'sheet' | 'photos' | 'music' | 'none';

/** The window's outer box (x, y, ww, wh), title bar height and content box (cx, cy, cw, ch). */
interface Frame {
  x: number;
  y: number;
  ww: number;
  wh: number;
  bar: number;
  cx: number;
  cy: number;
  cw: number;
  ch: number;
}

type Content = (doc: Doc, f: Frame, rng: Rng) => string;

/** A web shop (this marketplace) with a grid of listing cards. */
const browser: Content = (_doc, f) => {
  const { cx, cy, cw, ch } = f;
  let s = rect(cx + 12, f.y + f.bar * 0.25, cw * 0.55, f.bar * 0.5, '#ffffff', ' rx="1.5"');
  s += rect(cx, cy, cw, ch * 0.1, '#1f8a70', ' rx="0.6"');
  s += text(cx + 4, cy + ch * 0.07, 'reloop', {
    size: ch * 0.06,
    fill: '#ffffff',
    weight: 700,
    anchor: 'start',
  });
  const cardW = (cw - 6) / 3;
  const palette = ['#c9d6ff', '#ffd6c9', '#d6f5e3', '#f4e1ff', '#fff1c9', '#d0eef7'];
  for (let r = 0; r < 2; r += 1) {
    for (let c = 0; c < 3; c += 1) {
      const px = cx + c * (cardW + 3);
      const py = cy + ch * 0.15 + r * ch * 0.43;
      s += rect(px, py, cardW, ch * 0.4, '#ffffff', ' rx="1" stroke="#e3e4e8" stroke-width="0.3"');
      s += rect(px + 1.5, py + 1.5, cardW - 3, ch * 0.23, must(palette[r * 3 + c]), ' rx="0.8"');
      s += rect(px + 1.5, py + ch * 0.28, cardW * 0.6, 1.2, '#3b3f48');
      s += rect(px + 1.5, py + ch * 0.33, cardW * 0.3, 1.2, '#1f8a70');
    }
  }
  return s;
};

/** A code editor: file tree on the left, syntax-coloured lines on the right. */
const code: Content = (_doc, f, rng) => {
  const { cx, cy, cw, ch } = f;
  let s = rect(cx - 3, f.y + f.bar, cw * 0.2, f.wh - f.bar, '#25262c');
  for (let i = 0; i < 9; i += 1)
    s += rect(cx, cy + i * 4, cw * between(rng, 0.08, 0.14), 1.2, '#6b7080');
  const colors = ['#c678dd', '#61afef', '#98c379', '#e5c07b', '#e06c75', '#abb2bf', '#56b6c2'];
  for (let i = 0; i < 18; i += 1) {
    let px = cx + cw * 0.22 + (i % 5 === 0 ? 0 : 4 + (i % 3) * 4);
    const py = cy + i * (ch / 18.5);
    const segs = 1 + Math.floor(rng() * 4);
    for (let k = 0; k < segs; k += 1) {
      const len = between(rng, 6, 20);
      s += rect(px, py, len, 1.3, must(colors[Math.floor(rng() * colors.length)]), ' rx="0.4"');
      px += len + 2;
    }
  }
  return s;
};

/** A spreadsheet with a bar chart floating over the grid. */
const sheet: Content = (_doc, f, rng) => {
  const { cx, cy, cw, ch } = f;
  let s = rect(cx - 3, f.y + f.bar, f.ww, ch * 0.09, '#1d6f42');
  const cols = 8;
  const rows = 13;
  const rowH = (ch * 0.88) / rows;
  let grid = '';
  for (let i = 0; i <= cols; i += 1)
    grid += `M${num(cx + (cw * i) / cols)} ${num(cy + ch * 0.12)}V${num(cy + ch)}`;
  for (let i = 0; i <= rows; i += 1)
    grid += `M${num(cx)} ${num(cy + ch * 0.12 + rowH * i)}H${num(cx + cw)}`;
  s += `<path d="${grid}" stroke="#d5d8dd" stroke-width="0.3"/>`;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < 4; c += 1) {
      const px = cx + (cw * c) / cols + 1;
      const py = cy + ch * 0.12 + rowH * r + 1.2;
      s += rect(px, py, (cw / cols) * between(rng, 0.3, 0.8), 1, r === 0 ? '#1d6f42' : '#6d7380');
    }
  }
  const bx = cx + cw * 0.55;
  const by = cy + ch * 0.2;
  s += rect(bx, by, cw * 0.42, ch * 0.55, '#ffffff', ' stroke="#c9ccd2" stroke-width="0.3"');
  for (let i = 0; i < 6; i += 1) {
    const bh = ch * between(rng, 0.12, 0.45);
    const fill = i % 2 === 0 ? '#2f80ed' : '#56ccf2';
    s += rect(bx + 3 + i * cw * 0.065, by + ch * 0.52 - bh, cw * 0.045, bh, fill);
  }
  return s;
};

/** A photo library grid of gradient thumbnails. */
const photos: Content = (doc, f, rng) => {
  const { cx, cy, cw, ch } = f;
  const n = 5;
  const tw = (cw - (n - 1) * 1.5) / n;
  let s = '';
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < n; c += 1) {
      const hue1 = mix('#ff9a8b', '#5ee7df', rng());
      const hue2 = mix('#3b41c5', '#f6d365', rng());
      const fill = doc.diagonal(hue1, hue2);
      s += rect(cx + c * (tw + 1.5), cy + r * (ch / 4), tw, ch / 4 - 1.5, fill, ' rx="0.6"');
    }
  }
  return s;
};

/** A music player: cover art, title lines and a spectrum. */
const music: Content = (doc, f, rng) => {
  const { cx, cy, cw, ch } = f;
  const art = doc.diagonal('#ff5f6d', '#ffc371');
  let s = rect(cx + 4, cy + 4, ch * 0.6, ch * 0.6, art, ' rx="1.5"');
  s += rect(cx + 8 + ch * 0.6, cy + 8, cw * 0.3, 2.4, '#ffffff');
  s += rect(cx + 8 + ch * 0.6, cy + 13, cw * 0.2, 1.6, '#9a9ca5');
  for (let i = 0; i < 28; i += 1) {
    const bh = ch * between(rng, 0.04, 0.2);
    const bx = cx + 4 + (i * (cw - 8)) / 28;
    s += rect(bx, cy + ch * 0.92 - bh, (cw - 8) / 28 - 0.8, bh, '#fa2d48', ' opacity="0.85"');
  }
  return s;
};

const CONTENT: Record<Exclude<AppWindow, 'none'>, Content> = {
  browser,
  code,
  sheet,
  photos,
  music,
};

/** One window with macOS traffic lights or Windows caption buttons around its content. */
export function appWindow(
  doc: Doc,
  kind: AppWindow,
  w: number,
  h: number,
  rng: Rng,
  mac: boolean,
): string {
  if (kind === 'none') return '';
  const x = w * 0.13;
  const y = h * 0.12;
  const ww = w * 0.64;
  const wh = h * 0.66;
  const darkApp = kind === 'code' || kind === 'music';
  let s = rect(x + 1.5, y + 2.5, ww, wh, '#000000', ' rx="2" opacity="0.25"');
  s += rect(x, y, ww, wh, darkApp ? '#1e1f24' : '#fbfbfc', ' rx="2"');
  const bar = h * 0.05;
  s += rect(x, y, ww, bar, darkApp ? '#2a2c33' : '#e9eaee', ' rx="2"');
  if (mac) {
    ['#ff5f57', '#febc2e', '#28c840'].forEach((c, i) => {
      s += circle(x + 4 + i * 3.6, y + bar / 2, 1.1, c);
    });
  } else {
    for (let i = 0; i < 3; i += 1)
      s += rect(x + ww - 4 - i * 5, y + bar / 2 - 0.3, 2.4, 0.6, darkApp ? '#aaaaaa' : '#555555');
  }
  const frame: Frame = {
    x,
    y,
    ww,
    wh,
    bar,
    cx: x + 3,
    cy: y + bar + 3,
    cw: ww - 6,
    ch: wh - bar - 6,
  };
  return s + CONTENT[kind](doc, frame, rng);
}
