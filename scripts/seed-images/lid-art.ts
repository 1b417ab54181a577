// Artwork on the back of each lid, which is what a laptop photographed from behind shows.
import type { Doc } from './doc.ts';
import { dellMark, hpMark, thinkPadMark } from './marks.ts';
import type { Mark } from './marks.ts';
import { circle, rect, text } from './svg.ts';

/** Draws onto a w×h face, in millimetres from its top-left corner. */
export type Art = (doc: Doc, w: number, h: number) => string;

/** One brand badge a little above the middle of the lid. */
const badgeLid =
  (mark: Mark): Art =>
  (doc, w, h) =>
    mark(doc, w / 2, h * 0.48);

export const dellLid = (color: string): Art => badgeLid(dellMark(17, color));

export const hpLid = (color: string, knock: string): Art => badgeLid(hpMark(15, color, knock));

/** Zenbook's concentric spun-metal rings around an off-centre hub. */
export const zenbookLid: Art = (doc, w, h) => {
  const cx = w * 0.6;
  const cy = h * 0.44;
  let rings = '';
  for (let r = 4; r < w * 0.75; r += 2.4) {
    const light = Math.floor(r / 2.4) % 2 === 0;
    rings += circle(
      cx,
      cy,
      r,
      'none',
      ` stroke="${light ? '#ffffff' : '#000000'}" stroke-width="1.1" opacity="${light ? '0.07' : '0.05'}"`,
    );
  }
  const sheen = doc.glow('#ffffff', 0.22, 0.6, 0.44, 0.45);
  return (
    rings +
    rect(0, 0, w, h, sheen) +
    text(cx, cy + 1.5, 'ASUS ZenBook', { size: 5.4, fill: '#c9ced3', weight: 700, spacing: 0.4 })
  );
};

/** ThinkPad X1 carbon weave with the corner marks. */
export const x1CarbonLid: Art = (doc, w, h) => {
  const weave = doc.checker(2, '#ffffff', 0.035);
  return (
    rect(0, 0, w, h, weave) +
    thinkPadMark(9, '#d8d8d8')(doc, w - 42, h - 22) +
    text(24, 24, 'X1', { size: 11, fill: '#9a9a9c', weight: 700, anchor: 'start', italic: true }) +
    rect(w * 0.5 - 13, h - 9, 26, 6, '#2a2b2e', ' rx="1"') +
    text(w * 0.5, h - 4.8, 'Lenovo', { size: 3.6, fill: '#9c9ca0', weight: 700 })
  );
};

export const ideapadLid: Art = (_doc, w, h) =>
  text(w - 30, h - 20, 'lenovo', { size: 8, fill: '#9fb0c8', weight: 700, spacing: 0.3 });

/** Zephyrus G14's slanted dot matrix on one half of the lid. */
export const rogLid: Art = (_doc, w, h) => {
  let dots = '';
  for (let row = 0; row < 26; row += 1) {
    for (let col = 0; col < 40; col += 1) {
      const x = w * 0.44 + col * 4.2 - row * 2.1;
      const y = 14 + row * 4.6;
      if (x > w - 8 || y > h - 20 || x < w * 0.4) continue;
      dots += circle(x, y, 0.9, '#5a5c60', ' opacity="0.5"');
    }
  }
  return dots + text(w * 0.2, h * 0.72, 'ROG', { size: 10, fill: '#8c8e93', weight: 700 });
};
