import { z } from 'zod';

/**
 * Form controls hold text; the shared schemas check numbers. This reads a text input as the
 * number `schema` checks, so a form states no rule of its own: "" is missing, "abc" is not a
 * number, and the rest (positive, two decimals, not in the future) is the shared rule's word.
 */
export const numberFromText = (schema: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .transform(Number)
    .pipe(z.number({ error: 'must be a number' }).pipe(schema));

/**
 * A field that must be filled in: empty is "is required", whatever the shared rule would say
 * about an empty string ("must be a valid email address", a select's enum error…).
 */
export const required = <Schema extends z.ZodType<unknown, string>>(schema: Schema) =>
  z.string().min(1, 'is required').pipe(schema);
