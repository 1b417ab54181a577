import { asc } from 'drizzle-orm';
import { messages, type Category } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { categories } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';

/**
 * The categories, read from the database once and kept in memory with their JSON ready to
 * send. They are fixed (the seed writes them at start, before the app serves), so every
 * category page and every new listing checks its category without a query.
 */
export class CategoryCatalog {
  private loaded: Promise<{ json: string; ids: Set<string> }> | undefined;

  constructor(private readonly db: Database) {}

  private load() {
    this.loaded ??= this.db
      .select()
      .from(categories)
      .orderBy(asc(categories.position))
      .then((rows) => {
        const list: Category[] = rows.map((row) => ({
          _id: row.id,
          category: row.name,
          image: row.image,
        }));
        return { json: JSON.stringify(list), ids: new Set(list.map((c) => c._id)) };
      });
    // A failed read is retried on the next call rather than cached.
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  /** The categories as the API sends them, already serialised. */
  async json(): Promise<string> {
    return (await this.load()).json;
  }

  /** Throws `status` (404 for a page, 400 for a new listing) when the category does not exist. */
  async assertExists(id: string, status: 400 | 404): Promise<void> {
    if (!(await this.load()).ids.has(id)) throw new HttpError(status, messages.categoryNotFound);
  }
}
