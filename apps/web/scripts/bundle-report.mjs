// Prints the JavaScript a browser must load before the home page can render — the entry chunk
// and everything it imports statically — with gzip sizes, and fails when it exceeds the budget.
// Lazy routes and the lazily loaded carousel are not part of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('dist/index.html has no module entry script');

// Static imports only: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
const staticImport = /(?:^|[;}\s])import\s*(?:[\w*${},\s]+from\s*)?["'](\.\/[^"']+\.js)["']/g;
const chunks = new Map();
const visit = (file) => {
  if (chunks.has(file)) return;
  const code = readFileSync(path.join(dist, file));
  chunks.set(file, gzipSync(code, { level: 9 }).length);
  for (const [, specifier] of code.toString('utf8').matchAll(staticImport)) {
    visit(path.posix.join(path.posix.dirname(file), specifier));
  }
};
visit(entry);

const kb = (bytes) => (bytes / 1024).toFixed(1);
let total = 0;
for (const [file, size] of [...chunks].sort((a, b) => b[1] - a[1])) {
  total += size;
  console.log(`  ${kb(size).padStart(6)} KB  ${file}`);
}
console.log(`Home page initial JS: ${kb(total)} KB gzip, ${total} bytes (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${kb(total - BUDGET_KB * 1024)} KB`);
  process.exit(1);
}
