// `npm run seed-images`: renders every seed picture and writes the committed JPEGs, with their
// resized variants, to apps/api/seed/images.
/*
 * A fresh checkout has to show a believable marketplace with no network access and without
 * borrowing anyone's product photos, so the pictures are drawn as deterministic vector
 * illustrations and the rendered JPEGs are committed. Nothing runs this at server start; re-run it
 * by hand only when a drawing changes:
 *   npm run seed-images
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { makeImageVariants } from '../../apps/api/src/images/process-image.ts';
import { AVATARS, renderAvatar } from './avatars.ts';
import { renderScene } from './render.ts';
import { CATEGORY_SCENES, PRODUCT_GALLERY_SCENES, PRODUCT_SCENES } from './scenes.ts';

const OUT_DIR = fileURLToPath(new URL('../../apps/api/seed/images/', import.meta.url));
const MAX_BYTES = 60 * 1024;

/**
 * Writes the SVG as a JPEG, lowering the quality step by step until it fits in MAX_BYTES, and its
 * variants beside it: made here once, the server's first start only copies them.
 */
async function writeJpeg(file: string, svg: string): Promise<number> {
  let quality = 78;
  for (;;) {
    const jpeg = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= MAX_BYTES || quality <= 60) {
      await writeFile(`${OUT_DIR}${file}`, jpeg);
      for (const variant of await makeImageVariants(file, jpeg)) {
        await writeFile(`${OUT_DIR}${variant.name}`, variant.data);
      }
      return (await stat(`${OUT_DIR}${file}`)).size;
    }
    quality -= 4;
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  // The SVGs carry their own pixel size: 800x600 for scenes, 256x256 for avatars.
  const jobs: { file: string; svg: string }[] = [
    ...CATEGORY_SCENES.map((s) => ({ file: s.file, svg: renderScene(s) })),
    ...PRODUCT_SCENES.map((s) => ({ file: s.file, svg: renderScene(s) })),
    ...PRODUCT_GALLERY_SCENES.map((s) => ({ file: s.file, svg: renderScene(s) })),
    ...AVATARS.map((a) => ({ file: a.file, svg: renderAvatar(a) })),
  ];
  for (const job of jobs) {
    const bytes = await writeJpeg(job.file, job.svg);
    console.log(`${job.file.padEnd(48)} ${(bytes / 1024).toFixed(1).padStart(6)} KB`);
  }
}

await main();
