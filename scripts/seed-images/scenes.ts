// The catalogue's pictures: which laptop, pose, screen, backdrop and props each file shows.
import { wood } from './backdrops.ts';
import { galleryViews } from './gallery.ts';
import { DELL_HP_MODELS } from './models-dell-hp.ts';
import { LENOVO_ASUS_MODELS } from './models-lenovo-asus.ts';
import { MAC_MODELS } from './models-mac.ts';
import type { Scene } from './render.ts';
import { BOOT, SCREENS, helloMac } from './screens.ts';

export const CATEGORY_SCENES: readonly Scene[] = [
  {
    file: 'category-macbook.jpg',
    model: MAC_MODELS.mbp16Silver,
    yaw: -20,
    pitch: 21,
    tilt: 14,
    screen: { paint: helloMac, chrome: 'none', window: 'none' },
    backdrop: { surface: { kind: 'studio', base: '#e7e9ee', glow: '#ffffff' } },
  },
  {
    file: 'category-dell.jpg',
    model: DELL_HP_MODELS.xps13Frost,
    yaw: 22,
    pitch: 22,
    tilt: 13,
    screen: { paint: BOOT.dell, chrome: 'none', window: 'none' },
    backdrop: { surface: { kind: 'studio', base: '#cfdff0', glow: '#f4f9ff' } },
  },
  {
    file: 'category-hp.jpg',
    model: DELL_HP_MODELS.envySilver,
    yaw: -24,
    pitch: 23,
    tilt: 15,
    screen: { paint: BOOT.hp, chrome: 'none', window: 'none' },
    backdrop: { surface: { kind: 'studio', base: '#cde9ee', glow: '#f2fcff' } },
  },
  {
    file: 'category-lenovo.jpg',
    model: LENOVO_ASUS_MODELS.thinkpadT14,
    yaw: 18,
    pitch: 24,
    tilt: 16,
    screen: { paint: BOOT.lenovo, chrome: 'none', window: 'none' },
    backdrop: { surface: { kind: 'studio', base: '#e9dedb', glow: '#fff8f6' } },
  },
  {
    file: 'category-asus.jpg',
    model: LENOVO_ASUS_MODELS.zenbookRoyal,
    yaw: -16,
    pitch: 22,
    tilt: 13,
    screen: { paint: BOOT.asus, chrome: 'none', window: 'none' },
    backdrop: { surface: { kind: 'studio', base: '#2f4550', glow: '#6f8f9c' } },
  },
];

export const PRODUCT_SCENES: readonly Scene[] = [
  {
    file: 'product-macbook-air-m1.jpg',
    model: MAC_MODELS.airGold,
    yaw: -24,
    pitch: 24,
    tilt: 15,
    fill: 0.7,
    screen: { paint: SCREENS.bigSur, chrome: 'mac', window: 'browser' },
    backdrop: {
      surface: wood('#c89b6d', '#6b4526'),
      wall: { top: '#f3ede4', bottom: '#ddd3c4', distance: 330, twist: 4, window: true },
    },
    props: [
      { kind: 'mug', x: 245, z: 70, color: '#f4f1ec', drink: '#4a2c1a' },
      { kind: 'plant', x: -250, z: -170, pot: '#c8734f' },
    ],
  },
  {
    file: 'product-macbook-pro-14-m1-pro.jpg',
    model: MAC_MODELS.mbp14Gray,
    yaw: 20,
    pitch: 20,
    tilt: 12,
    fill: 0.72,
    screen: { paint: SCREENS.monterey, chrome: 'mac', window: 'code' },
    backdrop: {
      surface: wood('#5a3d2b', '#26170f', 170),
      wall: {
        top: '#4a5a55',
        bottom: '#36423e',
        distance: 360,
        twist: -6,
        art: ['#e9b872', '#c0563b'],
      },
    },
    props: [{ kind: 'phone', x: -255, z: 60, angle: 14, color: '#2b2d31' }],
  },
  {
    file: 'product-macbook-pro-13-2019.jpg',
    model: MAC_MODELS.mbp13Silver,
    yaw: -12,
    pitch: 29,
    tilt: 16,
    fill: 0.7,
    screen: { paint: SCREENS.mojave, chrome: 'mac', window: 'photos' },
    backdrop: { surface: { kind: 'stone', base: '#eeece8', vein: '#9a9590' } },
    props: [{ kind: 'notebook', x: 260, z: 40, angle: -18, color: '#2f5d50', pen: '#1c3f8f' }],
  },
  {
    file: 'product-dell-xps-13-9310.jpg',
    model: DELL_HP_MODELS.xps13Platinum,
    yaw: 28,
    pitch: 22,
    tilt: 14,
    screen: { paint: SCREENS.bloom, chrome: 'win11', window: 'none' },
    backdrop: { surface: { kind: 'fabric', base: '#7d8691' } },
  },
  {
    file: 'product-dell-latitude-7420.jpg',
    model: DELL_HP_MODELS.latitude7420,
    yaw: 152,
    pitch: 22,
    tilt: 14,
    fill: 0.68,
    screen: { paint: SCREENS.alpine, chrome: 'win10', window: 'none' },
    backdrop: {
      surface: { kind: 'stone', base: '#e4e6e8', vein: '#b9bdc2' },
      wall: { top: '#a9b8c8', bottom: '#8d9db0', distance: 340, twist: 8 },
    },
    props: [{ kind: 'mug', x: -240, z: -40, color: '#2d2f33', drink: '#3b2416' }],
  },
  {
    file: 'product-hp-elitebook-840-g8.jpg',
    model: DELL_HP_MODELS.elitebook840,
    yaw: -30,
    pitch: 22,
    tilt: 13,
    fill: 0.7,
    screen: { paint: SCREENS.alpine, chrome: 'win10', window: 'sheet' },
    backdrop: { surface: { kind: 'concrete', base: '#9b9893' } },
    props: [{ kind: 'notebook', x: -270, z: 80, angle: 12, color: '#8c2f39', pen: '#222222' }],
  },
  {
    file: 'product-hp-spectre-x360-14.jpg',
    model: DELL_HP_MODELS.spectreNightfall,
    yaw: 18,
    pitch: 26,
    tilt: 16,
    fill: 0.7,
    screen: { paint: SCREENS.aurora, chrome: 'win11', window: 'music' },
    backdrop: {
      surface: wood('#3f2a1f', '#170d08', 130),
      wall: { top: '#c9a27e', bottom: '#9c7858', distance: 320, twist: -4, window: true },
    },
    props: [
      { kind: 'plant', x: 250, z: -160, pot: '#eeeae4' },
      { kind: 'mug', x: -250, z: 70, color: '#b7573e', drink: '#2e1a10' },
    ],
  },
  {
    file: 'product-lenovo-thinkpad-t14-gen-2.jpg',
    model: LENOVO_ASUS_MODELS.thinkpadT14,
    yaw: -20,
    pitch: 25,
    tilt: 15,
    fill: 0.72,
    screen: { paint: SCREENS.lake, chrome: 'win10', window: 'browser' },
    backdrop: {
      surface: wood('#d9b98f', '#8a6440', 160),
      wall: { top: '#eef0f2', bottom: '#d4d8dd', distance: 340, twist: 6 },
    },
    props: [
      { kind: 'mug', x: 255, z: 40, color: '#c0392b', drink: '#3a2414' },
      { kind: 'phone', x: -260, z: 90, angle: -20, color: '#d8d2c8' },
    ],
  },
  {
    file: 'product-lenovo-thinkpad-x1-carbon-gen-9.jpg',
    model: LENOVO_ASUS_MODELS.thinkpadX1,
    yaw: -150,
    pitch: 24,
    tilt: 15,
    fill: 0.68,
    screen: { paint: SCREENS.alpine, chrome: 'win11', window: 'none' },
    backdrop: {
      surface: { kind: 'stone', base: '#f1efeb', vein: '#a7a29b' },
      wall: { top: '#7f9c86', bottom: '#65806c', distance: 330, twist: -6 },
    },
    props: [{ kind: 'plant', x: 250, z: 40, pot: '#3b3f45' }],
  },
  {
    file: 'product-lenovo-ideapad-5-14.jpg',
    model: LENOVO_ASUS_MODELS.ideapadBlue,
    yaw: 24,
    pitch: 22,
    tilt: 14,
    fill: 0.72,
    screen: { paint: SCREENS.pastel, chrome: 'win11', window: 'browser' },
    backdrop: { surface: { kind: 'studio', base: '#f2d9c9', glow: '#fff4ec' } },
    props: [{ kind: 'phone', x: 250, z: 70, angle: -10, color: '#3a4d6b' }],
  },
  {
    file: 'product-asus-zenbook-14-ux425.jpg',
    model: LENOVO_ASUS_MODELS.zenbookPine,
    yaw: 142,
    pitch: 25,
    tilt: 14,
    fill: 0.7,
    screen: { paint: SCREENS.bloom, chrome: 'win11', window: 'none' },
    backdrop: { surface: { kind: 'fabric', base: '#c9b79c' } },
    props: [{ kind: 'mug', x: 250, z: 40, color: '#e8e3da', drink: '#b98a5e' }],
  },
  {
    file: 'product-asus-rog-zephyrus-g14.jpg',
    model: LENOVO_ASUS_MODELS.g14White,
    yaw: -26,
    pitch: 21,
    tilt: 13,
    screen: { paint: SCREENS.neon, chrome: 'win11', window: 'none' },
    backdrop: {
      surface: wood('#2a2a30', '#0b0b0e', 140),
      wall: { top: '#3b1f5c', bottom: '#1d1433', distance: 350, twist: 5, window: false },
    },
  },
];

/** Views 2 and 3 of every product: `product-<slug>-2.jpg` closed with its charger, `-3` the keyboard. */
export const PRODUCT_GALLERY_SCENES: readonly Scene[] = PRODUCT_SCENES.flatMap((main) =>
  galleryViews(main),
);
