// The keyboard area of the deck: keys with legends, touch bar, speaker grills and TrackPoint.
import { luminance, shade } from './color.ts';
import type { Doc } from './doc.ts';
import { must } from './geometry.ts';
import type { LaptopModel } from './model.ts';
import { circle, num, rect, text } from './svg.ts';

const ROWS: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2],
  [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5],
  [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25],
  [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.75],
];
const LEGENDS: readonly string[] = ['`1234567890-=', 'QWERTYUIOP[]', "ASDFGHJKL;'", 'ZXCVBNM,./'];
const MAC_BOTTOM: readonly number[] = [1, 1, 1, 1.25, 5.5, 1.25, 1];
const PC_BOTTOM: readonly number[] = [1.25, 1, 1, 1, 5.5, 1, 1.25];
const TOUCH_BAR: readonly string[] = [
  '#3a3a3e',
  '#ff9f0a',
  '#3a3a3e',
  '#0a84ff',
  '#3a3a3e',
  '#3a3a3e',
  '#30d158',
];

/** Where the key block sits on the deck, in millimetres; u is one key pitch. */
interface KeyBlock {
  x: number;
  w: number;
  h: number;
  u: number;
  fnH: number;
}

/** A darkened panel with a hole pattern over it. */
const speaker = (x: number, y: number, w: number, h: number, grill: string, extra = ''): string =>
  rect(x, y, w, h, '#000000', ' opacity="0.1" rx="1"') + rect(x, y, w, h, grill, extra);

function speakers(doc: Doc, m: LaptopModel, b: KeyBlock): string {
  const top = m.keyboard.top;
  if (m.speakers === 'sides') {
    const grill = doc.holes(1.8, 0.42, 0.55);
    const gw = Math.min(b.x - 9, 34);
    return [b.x - gw - 4.5, b.x + b.w + 4.5].map((gx) => speaker(gx, top, gw, b.h, grill)).join('');
  }
  if (m.speakers === 'top') {
    const grill = doc.holes(1.6, 0.38, 0.5);
    return speaker(b.x, top - 8, b.w, 4.5, grill, ' rx="1"');
  }
  return '';
}

/** ThinkPad's red pointing stick between G, H and B. */
function trackPoint(m: LaptopModel, b: KeyBlock): string {
  if (m.trackPoint !== true) return '';
  const { u } = b;
  const tx = b.x + 6.75 * u;
  const ty = m.keyboard.top + b.fnH + 4 * u;
  return (
    circle(tx, ty, u * 0.14, '#c8102e') +
    circle(tx - u * 0.04, ty - u * 0.04, u * 0.05, '#ff6b6b', ' opacity="0.6"')
  );
}

export function keyboardArt(doc: Doc, m: LaptopModel): { svg: string; bottom: number } {
  const kb = m.keyboard;
  const kbW = m.width * kb.widthFrac;
  const kbX = (m.width - kbW) / 2;
  const u = kbW / 15;
  const gap = u * 0.13;
  const fnH = u * kb.fnRow;
  const kbH = fnH + 5 * u;
  const rx = num(u * 0.12);
  const keyFill = doc.fade(shade(kb.key, 0.1), shade(kb.key, -0.08));
  const edge = shade(kb.key, luminance(kb.key) < 0.3 ? 0.2 : -0.15);
  const key = (x: number, y: number, w: number, h: number): string =>
    `<rect x="${num(x + gap / 2)}" y="${num(y + gap / 2)}" width="${num(w - gap)}" height="${num(h - gap)}" rx="${rx}" fill="${keyFill}" stroke="${edge}" stroke-width="0.3"/>`;

  let s = '';
  if (kb.well !== undefined) {
    const wellRx = ` rx="${num(u * 0.2)}"`;
    s += rect(kbX - gap, kb.top - gap, kbW + gap * 2, kbH + gap * 2, kb.well, wellRx);
  }
  let y = kb.top;
  if (kb.touchBar === true) {
    s += rect(kbX + gap / 2, y + gap / 2, kbW - u - gap, fnH - gap, '#0b0b0d', ` rx="${rx}"`);
    TOUCH_BAR.forEach((c, i) => {
      s += rect(kbX + u * (0.6 + i * 1.35), y + fnH * 0.3, u * 0.9, fnH * 0.4, c, ' rx="0.6"');
    });
    s += key(kbX + kbW - u, y, u, fnH);
  } else {
    const fw = kbW / 14;
    for (let i = 0; i < 14; i += 1) s += key(kbX + i * fw, y, fw, fnH);
  }
  y += fnH;
  ROWS.forEach((row, r) => {
    let x = kbX;
    const legends = must(LEGENDS[r]);
    row.forEach((w, i) => {
      s += key(x, y, w * u, u);
      const label = r === 0 ? legends[i] : i >= 1 ? legends[i - 1] : undefined;
      if (label !== undefined && w === 1) {
        s += text(x + u * 0.5, y + u * 0.6, label, {
          size: u * 0.3,
          fill: kb.legend,
          weight: 400,
          opacity: 0.85,
        });
      }
      x += w * u;
    });
    y += u;
  });
  let x = kbX;
  for (const w of kb.style === 'mac' ? MAC_BOTTOM : PC_BOTTOM) {
    s += key(x, y, w * u, u);
    x += w * u;
  }
  // Inverted-T arrow keys: a half-height up arrow over left, down and right.
  s += key(x + u, y, u, u / 2);
  for (let i = 0; i < 3; i += 1) s += key(x + i * u, y + u / 2, u, u / 2);

  const block: KeyBlock = { x: kbX, w: kbW, h: kbH, u, fnH };
  s += speakers(doc, m, block) + trackPoint(m, block);
  return { svg: s, bottom: kb.top + kbH };
}
