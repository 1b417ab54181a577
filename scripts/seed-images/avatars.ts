// Profile pictures for the demo buyer, seller and admin accounts: a person with an initial badge.
import { mix, shade } from './color.ts';
import { Doc } from './doc.ts';
import { circle, group, rect, text } from './svg.ts';

const AVATAR = 256;

interface AvatarSpec {
  file: string;
  initial: string;
  colors: readonly [string, string];
  person: string;
  hair: 'short' | 'bob' | 'bun';
  glasses?: boolean;
}

export function renderAvatar(a: AvatarSpec): string {
  const doc = new Doc();
  const size = AVATAR;
  const c = size / 2;
  let s = rect(0, 0, size, size, doc.diagonal(a.colors[0], a.colors[1]));
  s += circle(c, c, c - 10, '#ffffff', ' opacity="0.16"');
  const skin = a.person;
  const shirt = mix(a.colors[0], '#ffffff', 0.72);
  const dark = shade(a.colors[1], -0.45);
  // Hair that sits behind the head goes first.
  if (a.hair === 'bob') {
    s += `<path d="M${c - 50} ${c + 4}C${c - 58} ${c - 96} ${c + 58} ${c - 96} ${c + 50} ${c + 4}Q${c} ${c + 14} ${c - 50} ${c + 4}Z" fill="${dark}"/>`;
  } else if (a.hair === 'bun') {
    s += circle(c, c - 84, 18, dark);
  }
  // Shoulders, neck and head.
  s += `<path d="M${c - 88} ${size}C${c - 86} ${c + 40} ${c - 52} ${c + 20} ${c} ${c + 20}C${c + 52} ${c + 20} ${c + 86} ${c + 40} ${c + 88} ${size}Z" fill="${shirt}"/>`;
  s += `<path d="M${c - 15} ${c - 4}h30v22q-15 12 -30 0Z" fill="${shade(skin, -0.08)}"/>`;
  s += `<ellipse cx="${c}" cy="${c - 32}" rx="37" ry="43" fill="${skin}"/>`;
  // Hair on top of the head.
  if (a.hair === 'short') {
    s += `<path d="M${c - 39} ${c - 30}C${c - 46} ${c - 92} ${c + 46} ${c - 94} ${c + 39} ${c - 34}C${c + 30} ${c - 52} ${c + 6} ${c - 58} ${c - 20} ${c - 54}C${c - 30} ${c - 50} ${c - 36} ${c - 42} ${c - 39} ${c - 30}Z" fill="${dark}"/>`;
  } else {
    s += `<path d="M${c - 40} ${c - 26}C${c - 46} ${c - 90} ${c + 46} ${c - 90} ${c + 40} ${c - 26}C${c + 34} ${c - 48} ${c + 14} ${c - 56} ${c} ${c - 56}C${c - 14} ${c - 56} ${c - 34} ${c - 48} ${c - 40} ${c - 26}Z" fill="${dark}"/>`;
  }
  if (a.glasses === true) {
    const frames =
      `<circle cx="${c - 15}" cy="${c - 30}" r="11"/>` +
      `<circle cx="${c + 15}" cy="${c - 30}" r="11"/>` +
      `<path d="M${c - 4} ${c - 30}h8"/>`;
    s += group(`fill="none" stroke="${shade(a.colors[1], -0.55)}" stroke-width="4"`, frames);
  }
  // Initial as a badge on the chest, inside the circle any UI crop would keep.
  s += circle(c, c + 72, 25, a.colors[1], ' stroke="#ffffff" stroke-width="4"');
  s += text(c, c + 83, a.initial, { size: 30, fill: '#ffffff', weight: 700 });
  return doc.render(s, size, size);
}

export const AVATARS: readonly AvatarSpec[] = [
  {
    file: 'avatar-buyer.jpg',
    initial: 'B',
    colors: ['#4fd1c5', '#2c7a7b'],
    person: '#f6e7dc',
    hair: 'short',
  },
  {
    file: 'avatar-seller.jpg',
    initial: 'S',
    colors: ['#fbd38d', '#dd6b20'],
    person: '#fdf3ea',
    hair: 'bob',
  },
  {
    file: 'avatar-admin.jpg',
    initial: 'A',
    colors: ['#a3bffa', '#5a67d8'],
    person: '#eef0ff',
    hair: 'bun',
    glasses: true,
  },
];
