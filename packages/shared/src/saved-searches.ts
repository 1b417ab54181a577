import { z } from 'zod';
import { idSchema } from './common.ts';
import { pricesInOrder, searchTermsSchema } from './marketplace.ts';

/**
 * Saved searches (DESIGN §17): a search's terms, exactly as `GET /api/search` takes and checks
 * them, under a name. A new or repriced listing that matches one is news to its owner.
 */
export const savedSearchBodySchema = searchTermsSchema
  .extend({ name: z.string().trim().min(1, 'is required').max(80) })
  .refine(pricesInOrder.check, pricesInOrder.issue)
  .meta({ id: 'NewSavedSearch' });
export type SavedSearchBody = z.input<typeof savedSearchBodySchema>;

/** The name of each of a search's terms. */
export const searchTermSchema = searchTermsSchema.keyof();
export type SearchTerm = z.infer<typeof searchTermSchema>;

export const savedSearchSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    /** The terms that are set, as text, as the search's URL carries them; the sort always. */
    query: z.partialRecord(searchTermSchema, z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;
