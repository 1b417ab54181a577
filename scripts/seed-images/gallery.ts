// Views 2 and 3 of each product's gallery, derived from its main picture so that all three look
// like one photo session: the same laptop, table, screen and light.
import { rad } from './geometry.ts';
import { closedTilt } from './laptop.ts';
import type { PowerBrick } from './model.ts';
import { between, makeRng } from './random.ts';
import type { Scene } from './render.ts';

/** What most Windows laptops ship with: a dark USB-C brick. */
const GENERIC_BRICK: PowerBrick = { color: '#26272a', width: 96, length: 46, height: 27 };

/** `product-x.jpg` becomes `product-x-2.jpg` for n = 2. */
const nthView = (file: string, n: number): string => file.replace(/\.jpg$/, `-${n}.jpg`);

export function galleryViews(main: Scene): Scene[] {
  // Seeded by the main file so every product gets its own, but repeatable, angles.
  const rng = makeRng(`${main.file}#gallery`);
  // +1 when the main picture looks at the laptop's right-hand side. The extra views are taken from
  // the other side, so between them the buyer sees both sides' ports.
  const side = Math.sin(rad(main.yaw)) >= 0 ? 1 : -1;
  const brick = main.model.charger ?? GENERIC_BRICK;

  // Closed on the table with its charger, shot from behind the hinge so the lid badge reads the
  // right way up, from high up like a seller standing over the desk.
  const closed: Scene = {
    ...main,
    file: nthView(main.file, 2),
    yaw: 180 + side * between(rng, 14, 28),
    pitch: between(rng, 48, 56),
    tilt: closedTilt(main.model),
    fill: 0.6,
    // The charger shows on the picture's right when side is +1: move the laptop over to make room.
    shift: [-side * 80, -10],
    props: [
      {
        kind: 'charger',
        // Beside the flank this view shows, next to the ports it plugs into.
        x: -side * (main.model.width / 2 + 85),
        z: between(rng, -50, 10),
        // Lengthwise, cable end away from the camera: the coil runs alongside the laptop, not over it.
        angle: 90 + between(rng, -20, 20),
        brick,
      },
    ],
  };

  // Open and close up on the keyboard and palm rest, which buyers check for wear.
  const keyboard: Scene = {
    ...main,
    file: nthView(main.file, 3),
    yaw: -side * between(rng, 14, 26),
    pitch: between(rng, 40, 46),
    tilt: main.tilt + 6,
    framing: 'deck',
    fill: 0.96,
    shift: [0, 30],
    // Mugs and plants would only show as cut-off blobs at the edges of a close-up.
    props: [],
  };
  return [closed, keyboard];
}
