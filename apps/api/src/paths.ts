// Folders the server reads at run time, resolved from this module's own URL. The module sits
// one level below apps/api both as a source (src/paths.ts) and bundled (dist/server.mjs, which
// `npm start` runs), so the same relative paths hold for both.
import { fileURLToPath } from 'node:url';

const besideSrc = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

/** The checked-in SQL migrations (drizzle-kit output). */
export const migrationsFolder = besideSrc('drizzle');
/** Photos of the demo listings, stored through the image store on first start. */
export const seedImagesDir = besideSrc('seed/images/');
/** The web app's production build, served by the API. */
export const webDistDir = besideSrc('../web/dist');
