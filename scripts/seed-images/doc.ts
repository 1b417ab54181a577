// One SVG document under construction: collects gradients, filters and patterns with unique ids.
import { circle, num, rect } from './svg.ts';
import type { Stop } from './svg.ts';

export class Doc {
  private counter = 0;
  private readonly defs: string[] = [];
  private readonly blurs = new Map<number, string>();

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  private static stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) => {
        const op = a === undefined ? '' : ` stop-opacity="${num(a)}"`;
        return `<stop offset="${num(o)}" stop-color="${c}"${op}/>`;
      })
      .join('');
  }

  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id('g');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(
      `<linearGradient id="${id}" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"${units}>${Doc.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Two-colour linear gradient from the top left towards (x2, y2): downwards unless told. */
  fade(from: string, to: string, x2 = 0, y2 = 1): string {
    return this.linear(
      [
        [0, from],
        [1, to],
      ],
      0,
      0,
      x2,
      y2,
    );
  }

  /** Two-colour gradient along the top-left to bottom-right diagonal. */
  diagonal(from: string, to: string): string {
    return this.fade(from, to, 1, 1);
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, user = false): string {
    const id = this.id('r');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(
      `<radialGradient id="${id}" cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"${units}>${Doc.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial glow of one colour fading from an opacity at the centre to nothing at the rim. */
  glow(color: string, opacity: number, cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.radial(
      [
        [0, color, opacity],
        [1, color, 0],
      ],
      cx,
      cy,
      r,
    );
  }

  blur(std: number): string {
    const known = this.blurs.get(std);
    if (known !== undefined) return known;
    const id = this.id('b');
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${num(std)}"/></filter>`,
    );
    const ref = `url(#${id})`;
    this.blurs.set(std, ref);
    return ref;
  }

  clip(shape: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  pattern(w: number, h: number, content: string): string {
    const id = this.id('p');
    this.defs.push(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${num(w)}" height="${num(h)}">${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  /** Tiled checkerboard of two translucent squares per cell, for weaves and carbon fibre. */
  checker(cell: number, color: string, opacity: number): string {
    const square = (at: number): string => rect(at, at, cell, cell, color, ` opacity="${opacity}"`);
    return this.pattern(cell * 2, cell * 2, square(0) + square(cell));
  }

  /** Tiled grid of small dark holes, for speaker grills. */
  holes(pitch: number, r: number, opacity: number): string {
    const c = pitch / 2;
    return this.pattern(pitch, pitch, circle(c, c, r, '#000000', ` opacity="${opacity}"`));
  }

  render(body: string, w: number, h: number): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}
