// Composes one listing photo: frames the laptop, then draws backdrop, props, laptop and vignette.
import type { Backdrop } from './backdrops.ts';
import { drawBackdrop } from './backdrops.ts';
import { Camera } from './camera.ts';
import { HEIGHT, WIDTH } from './canvas.ts';
import { screenArt } from './desktop.ts';
import type { ScreenSpec } from './desktop.ts';
import { Doc } from './doc.ts';
import type { Vec2 } from './geometry.ts';
import { drawLaptop, geometry } from './laptop.ts';
import type { LaptopModel } from './model.ts';
import { drawProp } from './props.ts';
import type { Prop } from './props.ts';
import { makeRng } from './random.ts';
import { rect } from './svg.ts';

export interface Scene {
  file: string;
  model: LaptopModel;
  yaw: number;
  pitch: number;
  tilt: number;
  fill?: number;
  shift?: Vec2;
  framing?: 'laptop' | 'deck'; // the whole laptop (default) or a close-up of its keyboard deck
  screen: ScreenSpec;
  backdrop: Backdrop;
  props?: readonly Prop[];
}

/** Scales and centres the camera so the laptop fills the frame like a real listing photo. */
function frameLaptop(cam: Camera, points: readonly Vec2[], scene: Scene): void {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const fill = scene.fill ?? 0.74;
  const k = Math.min((WIDTH * fill) / (maxX - minX), (HEIGHT * (fill + 0.06)) / (maxY - minY));
  cam.scale = k;
  const shift = scene.shift ?? [0, 0];
  cam.ox = WIDTH / 2 + shift[0] - (k * (minX + maxX)) / 2;
  cam.oy = HEIGHT / 2 + 12 + shift[1] - (k * (minY + maxY)) / 2;
}

/** The whole picture as an SVG document of WIDTH×HEIGHT pixels. */
export function renderScene(scene: Scene): string {
  const doc = new Doc();
  const rng = makeRng(scene.file);
  const cam = new Camera(scene.yaw, scene.pitch);
  const g = geometry(scene.model, scene.tilt);
  const corners =
    scene.framing === 'deck'
      ? g.base.top
      : [...g.base.top, ...g.base.bottom, ...g.lid.top, ...g.lid.bottom];
  frameLaptop(
    cam,
    corners.map((v) => cam.lin(v)),
    scene,
  );

  const m = scene.model;
  const sw = m.width - 2 * m.bezelSide;
  const screen = screenArt(doc, scene.screen, sw, sw / m.aspect, rng);

  const props = [...(scene.props ?? [])];
  const behind = props.filter((p) => cam.depth([p.x, 0, p.z]) < 0);
  const inFront = props.filter((p) => cam.depth([p.x, 0, p.z]) >= 0);
  let body = drawBackdrop(doc, cam, scene.yaw, scene.backdrop, rng);
  for (const p of behind) body += drawProp(doc, cam, p);
  body += drawLaptop(doc, cam, m, g, screen);
  for (const p of inFront) body += drawProp(doc, cam, p);
  const vignette = doc.radial(
    [
      [0.55, '#000000', 0],
      [1, '#000000', 0.22],
    ],
    0.5,
    0.5,
    0.75,
  );
  body += rect(0, 0, WIDTH, HEIGHT, vignette);
  return doc.render(body, WIDTH, HEIGHT);
}
