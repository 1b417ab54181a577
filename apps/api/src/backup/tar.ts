import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The archive is a gzipped tar (POSIX ustar) of regular files, written and read here with
 * Node's own streams: `tar -xzf` opens it anywhere, and Reloop needs no dependency for it.
 */
const BLOCK = 512;

export interface TarEntry {
  /** The path inside the archive, `/`-separated. */
  name: string;
  /** The file whose bytes the entry holds. */
  source: string;
}

export class NotATarArchive extends Error {
  override name = 'NotATarArchive';
}

/** Writes `entries` into a new gzipped tar at `file`, in the order given. */
export async function writeTar(file: string, entries: TarEntry[]): Promise<void> {
  async function* blocks(): AsyncGenerator<Buffer> {
    for (const entry of entries) {
      const { size } = await stat(entry.source);
      yield header(entry.name, size);
      yield* createReadStream(entry.source);
      yield Buffer.alloc(padding(size));
    }
    yield Buffer.alloc(2 * BLOCK);
  }
  // Level 1: most of the bytes are images, already compressed; the rows compress well at it.
  await pipeline(Readable.from(blocks()), createGzip({ level: 1 }), createWriteStream(file));
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, rest] = splitName(name);
  block.write(rest, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  block.write('0', 156, 'ascii');
  block.write('ustar\x0000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  block.write(' '.repeat(8), 148, 'ascii');
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** ustar keeps a long name as a prefix of folders (≤ 155 bytes) and the rest (≤ 100). */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`${name} is too long for a tar entry`);
}

const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

/** What reading a tar yields: each file's name and size, then its bytes in chunks. */
export type TarEvent =
  { kind: 'file'; name: string; size: number } | { kind: 'data'; chunk: Buffer };

/** The regular files of the gzipped tar at `file`; a malformed one throws NotATarArchive. */
export async function* readTar(file: string): AsyncGenerator<TarEvent> {
  const input = createReadStream(file).pipe(createGunzip());
  let pending: Buffer = Buffer.alloc(0);
  /** Bytes of the current entry still to come, then its padding. */
  let remaining = 0;
  let skip = 0;
  let isFile = false;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (remaining > 0) {
          const take = Math.min(remaining, pending.length);
          if (take === 0) break;
          if (isFile) yield { kind: 'data', chunk: pending.subarray(0, take) };
          pending = pending.subarray(take);
          remaining -= take;
          continue;
        }
        if (skip > 0) {
          const take = Math.min(skip, pending.length);
          if (take === 0) break;
          pending = pending.subarray(take);
          skip -= take;
          continue;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) return;
        const entry = parseHeader(block);
        remaining = entry.size;
        skip = padding(entry.size);
        isFile = entry.isFile;
        if (isFile) yield { kind: 'file', name: entry.name, size: entry.size };
      }
    }
  } catch (error) {
    if (error instanceof NotATarArchive) throw error;
    throw new NotATarArchive((error as Error).message);
  } finally {
    input.destroy();
  }
  throw new NotATarArchive('the archive ends early');
}

function parseHeader(block: Buffer): { name: string; size: number; isFile: boolean } {
  const text = (start: number, length: number) =>
    block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  const stored = Number.parseInt(text(148, 8).trim(), 8);
  block.fill(' ', 148, 156);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  const size = Number.parseInt(text(124, 12).trim() || '0', 8);
  if (stored !== checksum || !Number.isSafeInteger(size)) {
    throw new NotATarArchive('a tar header is damaged');
  }
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const type = text(156, 1);
  return { name, size, isFile: type === '0' || type === '' };
}

/**
 * Writes every file of the tar under `directory`; `check` sees each name first and throws to
 * stop (the archive's own rules of what it may hold). Names leaving `directory` are refused.
 */
export async function extractTar(
  file: string,
  directory: string,
  check: (name: string) => void,
): Promise<void> {
  let output: Writable | undefined;
  const finish = async () => {
    if (!output) return;
    const closing = output;
    output = undefined;
    await new Promise<void>((resolve, reject) =>
      closing.end(() => resolve()).once('error', reject),
    );
  };
  for await (const event of readTar(file)) {
    if (event.kind === 'file') {
      await finish();
      check(event.name);
      const target = path.resolve(directory, event.name);
      if (!target.startsWith(`${path.resolve(directory)}${path.sep}`)) {
        throw new NotATarArchive(`${event.name} leaves the archive's folder`);
      }
      await mkdir(path.dirname(target), { recursive: true });
      output = createWriteStream(target);
    } else if (output && !output.write(event.chunk)) {
      await new Promise((resolve) => output?.once('drain', resolve));
    }
  }
  await finish();
}
