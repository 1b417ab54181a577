// The named screen contents the scenes choose from: wallpapers, welcome and boot screens.
import { dellMark, hpMark, lenovoBoxMark, textMark } from './marks.ts';
import { rect, text } from './svg.ts';
import { bloom, boot, circles, landscape, neon, waves } from './wallpapers.ts';
import type { Paint } from './wallpapers.ts';

const helloWaves = waves(
  ['#1a2a6c', '#b83f7d'],
  [
    ['#3d5bd9', '#7a4fd1'],
    ['#6a6ff0', '#e5659a'],
    ['#f08a6c', '#f7c59f'],
  ],
);

/** The macOS welcome screen, used for the MacBook category picture. */
export const helloMac: Paint = (doc, w, h, rng) =>
  helloWaves(doc, w, h, rng) +
  text(w / 2, h * 0.47, 'MacBook', { size: h * 0.14, fill: '#ffffff', weight: 300, spacing: 0.5 }) +
  rect(w / 2 - 25, h * 0.55, 50, 0.5, '#ffffff', ' opacity="0.6"');

export const SCREENS = {
  bigSur: waves(
    ['#0f2a6b', '#d9577f'],
    [
      ['#2a5bd7', '#6c3fc4'],
      ['#5f8bff', '#ee6c9a'],
      ['#f08a6c', '#ffd2a8'],
    ],
  ),
  monterey: waves(
    ['#1b0b3b', '#4a1a7a'],
    [
      ['#5a2bd1', '#2e6df0'],
      ['#a23bd6', '#ff5fa2'],
      ['#2a1466', '#7b3fe4'],
    ],
  ),
  mojave: landscape({
    sky: [
      [0, '#2b3b6b'],
      [0.55, '#e39a6f'],
      [1, '#f6c58f'],
    ],
    sun: { x: 0.7, y: 0.38, r: 0.07, color: '#fff1d0', glow: '#ffd9a0' },
    layers: [
      { colors: ['#c98763', '#a35f45'], base: 0.62, amp: 0.06, freq: 0.8 },
      { colors: ['#b5704f', '#7d4331'], base: 0.74, amp: 0.07, freq: 0.6 },
      { colors: ['#8a4d37', '#4f2a1f'], base: 0.88, amp: 0.06, freq: 0.9 },
    ],
  }),
  alpine: landscape({
    sky: [
      [0, '#5fa8e8'],
      [1, '#dceefb'],
    ],
    sun: { x: 0.22, y: 0.2, r: 0.05, color: '#fffbe8', glow: '#ffffff' },
    layers: [
      { colors: ['#9fb6cc', '#c6d6e4'], base: 0.55, amp: 0.22, freq: 2.2, jagged: true },
      { colors: ['#5f7d96', '#87a1b5'], base: 0.7, amp: 0.18, freq: 1.6, jagged: true },
      { colors: ['#2f5d3f', '#1f4030'], base: 0.86, amp: 0.08, freq: 1.2 },
    ],
  }),
  aurora: landscape({
    sky: [
      [0, '#030714'],
      [0.7, '#0b1f3a'],
      [1, '#12395a'],
    ],
    stars: 60,
    aurora: ['#39ffb0', '#3bd6ff', '#b76bff'],
    layers: [
      { colors: ['#0b1a2b', '#06101c'], base: 0.78, amp: 0.12, freq: 1.8, jagged: true },
      { colors: ['#050b14', '#020509'], base: 0.9, amp: 0.05, freq: 1 },
    ],
  }),
  lake: landscape({
    sky: [
      [0, '#3a2d6b'],
      [0.5, '#e0708a'],
      [1, '#ffc07a'],
    ],
    sun: { x: 0.5, y: 0.56, r: 0.08, color: '#fff0c8', glow: '#ffb36b' },
    water: { top: 0.64, colors: ['#c96b7e', '#2a2457'], glint: '#ffe0a8' },
    layers: [{ colors: ['#4a2f63', '#3a2552'], base: 0.63, amp: 0.08, freq: 1.5, jagged: true }],
  }),
  pastel: circles(
    ['#ffe3d3', '#e3d9ff'],
    ['#ff9aa2', '#ffb7b2', '#b5ead7', '#c7ceea', '#ffdac1', '#9ad0ec'],
  ),
  neon,
  bloom,
};

export const BOOT = {
  dell: boot(dellMark(26, '#0a8ae6')),
  hp: boot(hpMark(24, '#0096d6', '#000000')),
  lenovo: boot(lenovoBoxMark(22)),
  asus: boot(textMark('ASUS', { size: 30, fill: '#ffffff', weight: 700, spacing: 4 })),
};
