// The description of one laptop model: chassis dimensions in millimetres, colours and details.
import type { Art } from './lid-art.ts';
import type { Mark, Sticker } from './marks.ts';

export interface KeyboardSpec {
  style: 'mac' | 'pc';
  key: string;
  legend: string;
  well?: string;
  top: number;
  widthFrac: number;
  fnRow: number; // height of the function row in key units
  touchBar?: boolean;
}

/** The power adapter in the box, in millimetres; the cable is drawn in the same colour. */
export interface PowerBrick {
  color: string;
  width: number;
  length: number;
  height: number;
}

export interface LaptopModel {
  width: number;
  depth: number;
  frontT: number;
  backT: number;
  lidT: number;
  corner: number;
  lidLength: number;
  body: string;
  lid: string;
  deck: string;
  chamfer: string;
  bezel: string;
  bezelSide: number;
  bezelTop: number;
  aspect: number;
  notch?: boolean;
  hinge?: string;
  chinMark?: Mark;
  keyboard: KeyboardSpec;
  touchpad: { w: number; h: number; gap: number; numpad?: boolean };
  trackPoint?: boolean;
  speakers?: 'sides' | 'top';
  deckMark?: { x: number; y: number; mark: Mark };
  stickers?: readonly Sticker[];
  deckWeave?: string;
  lidArt?: Art;
  charger?: PowerBrick; // a generic dark 65 W brick unless told
}

/** The physical frame that the colourways of one model share. */
export type Chassis = Pick<
  LaptopModel,
  | 'width'
  | 'depth'
  | 'frontT'
  | 'backT'
  | 'lidT'
  | 'corner'
  | 'lidLength'
  | 'bezelSide'
  | 'bezelTop'
  | 'aspect'
  | 'touchpad'
>;
