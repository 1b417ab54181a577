// Flat artwork for the deck and the inside of the lid, in millimetres, mapped on by the camera.
import { luminance, shade } from './color.ts';
import type { Doc } from './doc.ts';
import { keyboardArt } from './keyboard.ts';
import type { LaptopModel } from './model.ts';
import { circle, num, rect, text } from './svg.ts';

/** ThinkPad's three physical buttons above the touchpad; returns where the touchpad starts. */
function trackButtons(m: LaptopModel, tpX: number, top: number): { svg: string; next: number } {
  const by = top + 3;
  const bw = m.touchpad.w / 3;
  let s = '';
  for (let i = 0; i < 3; i += 1) {
    s += rect(tpX + i * bw + 0.4, by, bw - 0.8, 7, shade(m.deck, 0.07), ' rx="1"');
  }
  s += rect(tpX + bw - 1.2, by + 0.5, 0.8, 6, '#c8102e');
  s += rect(tpX + 2 * bw + 0.4, by + 0.5, 0.8, 6, '#c8102e');
  return { svg: s, next: by + 9 };
}

/** Zenbook's NumberPad: a faint 4×4 grid printed on the touchpad. */
function numpadGrid(x: number, y: number, w: number, h: number): string {
  let grid = '';
  for (let i = 1; i < 4; i += 1) grid += `M${num(x + (w * i) / 4)} ${num(y + 4)}v${num(h - 8)}`;
  for (let i = 1; i < 4; i += 1) grid += `M${num(x + 4)} ${num(y + (h * i) / 4)}h${num(w - 8)}`;
  return `<path d="${grid}" stroke="#ffffff" stroke-width="0.35" opacity="0.18"/>`;
}

export function deckArt(doc: Doc, m: LaptopModel): string {
  let s = '';
  if (m.deckWeave !== undefined) {
    const weave = doc.checker(1.5, m.deckWeave, 0.05);
    s += rect(1, 1, m.width - 2, m.depth - 2, weave, ` rx="${m.corner}"`);
  }
  const kb = keyboardArt(doc, m);
  s += kb.svg;
  const tp = m.touchpad;
  let tpY = kb.bottom + tp.gap;
  const tpX = (m.width - tp.w) / 2;
  if (m.trackPoint === true) {
    const buttons = trackButtons(m, tpX, kb.bottom);
    s += buttons.svg;
    tpY = buttons.next;
  }
  const darkDeck = luminance(m.deck) < 0.3;
  const tpFill = shade(m.deck, darkDeck ? 0.05 : -0.035);
  const tpEdge = shade(m.deck, darkDeck ? 0.22 : -0.2);
  s += rect(tpX, tpY, tp.w, tp.h, tpFill, ` rx="3" stroke="${tpEdge}" stroke-width="0.5"`);
  if (tp.numpad === true) s += numpadGrid(tpX, tpY, tp.w, tp.h);
  for (const st of m.stickers ?? []) {
    const fill = doc.fade(st.colors[0], st.colors[1]);
    s += rect(st.x, st.y, 13, 13, fill, ' rx="1.2"');
    s += text(st.x + 6.5, st.y + 8.6, st.label, { size: 5, fill: st.ink, weight: 700 });
  }
  if (m.deckMark !== undefined) s += m.deckMark.mark(doc, m.deckMark.x, m.deckMark.y);
  return s;
}

export function lidInnerArt(doc: Doc, m: LaptopModel, screen: string): string {
  const W = m.width;
  const L = m.lidLength;
  const rim = 1.3;
  const sw = W - 2 * m.bezelSide;
  const sh = sw / m.aspect;
  const sx = m.bezelSide;
  const sy = m.bezelTop;
  let s = rect(rim, rim, W - 2 * rim, L - 2 * rim, m.bezel, ` rx="${num(m.corner - rim)}"`);
  const clip = doc.clip(rect(sx, sy, sw, sh, '#000', ' rx="1.2"'));
  const glare = doc.linear(
    [
      [0, '#ffffff', 0.16],
      [1, '#ffffff', 0.01],
    ],
    0,
    0,
    1,
    0.6,
  );
  s += `<g clip-path="${clip}"><g transform="translate(${num(sx)} ${num(sy)})">${screen}</g>`;
  s += `<path d="M${num(sx)} ${num(sy)}h${num(sw * 0.58)}L${num(sx + sw * 0.3)} ${num(sy + sh)}H${num(sx)}Z" fill="${glare}"/></g>`;
  if (m.notch === true) {
    s += rect(W / 2 - 17, sy - 2, 34, 7.5, m.bezel, ' rx="2.2"');
  }
  const camY = m.notch === true ? sy + 2.5 : sy / 2;
  s += circle(W / 2, camY, 1, '#1d1f26') + circle(W / 2 - 0.3, camY - 0.3, 0.35, '#5a6b8c');
  const hingeH = m.hinge === undefined ? 0 : 4.5;
  if (m.hinge !== undefined) {
    s += rect(W * 0.07, L - hingeH - rim, W * 0.86, hingeH, m.hinge, ' rx="1.5"');
  }
  if (m.chinMark !== undefined) {
    const chinTop = sy + sh;
    s += m.chinMark(doc, W / 2, (chinTop + L - hingeH - rim) / 2);
  }
  return s;
}
