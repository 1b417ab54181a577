import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Rows that PostgreSQL writes as JSON, for the lists: the API sends the text as it comes, and
 * never builds an object per row nor serialises one. For a page of 24 listings that work was
 * most of the API's CPU (1.1 ms a page against 0.34 ms, measured at 1,000,000 products), and
 * the API runs on one core while PostgreSQL's backends spread over all of them. Bookings, sales
 * and the bell are written this way; a listing keeps its JSON on its row instead
 * (`jsonWithStoredMembers`, decision 017).
 *
 * `fields` maps each key of `Json` to the SQL of its value, in the order the JSON lists them.
 * A query joins `lateral` and selects `text`: the lateral subquery has no FROM, so PostgreSQL
 * folds it into the query (the plan is the list's own), and row_to_json writes compact JSON
 * with the subquery's column names as keys (11 µs a listing; json_build_object takes 14 µs and
 * puts spaces around every colon).
 */
export function jsonObject<Json>(name: string, fields: JsonFields<Json>): JsonObject<Json> {
  const alias = sql.identifier(name);
  const columns = Object.entries<SQLWrapper>(fields).map(
    ([key, value]) => sql`${value} as ${sql.identifier(key)}`,
  );
  return {
    lateral: sql`(select ${sql.join(columns, sql`, `)}) ${alias}`,
    text: sql<JsonText<Json>>`row_to_json(${alias})::text`,
  };
}

/**
 * JSON text of an object whose other members its row stores as text (`"key":value,…`, no
 * braces; products.listing_json_members): PostgreSQL joins that text and each of `fields`,
 * written by to_json, and builds no object per row (decision 017). Which keys the stored text
 * holds is `Stored`'s claim; rendered-json.test.ts checks it.
 */
export function jsonWithStoredMembers<Json, Stored>(
  stored: SQLWrapper,
  fields: JsonFields<Omit<Json, keyof Stored>>,
): SQL<JsonText<Json>> {
  // The keys are the code's own names, written into the SQL as they are.
  const members = Object.entries<SQLWrapper>(fields).map(
    ([key, value]) => sql`${sql.raw(`',"${key}":'`)} || to_json(${value})::text`,
  );
  return sql<JsonText<Json>>`'{' || ${stored} || ${sql.join(members, sql` || `)} || '}'`;
}

/** The SQL of each of a JSON object's keys. */
export type JsonFields<Json> = { [Key in keyof Json]-?: SQLWrapper };

export interface JsonObject<Json> {
  /** For `.crossJoinLateral()`: the object's fields under its name. */
  lateral: SQL;
  /** For `.select()`: the object as JSON text. */
  text: SQL<JsonText<Json>>;
}

/** JSON text of a `Json`, as PostgreSQL wrote it. */
export type JsonText<Json> = string & { readonly __json: Json };

/** The value JSON text holds. */
export const parseJson = <Json>(text: JsonText<Json>): Json => JSON.parse(text) as Json;

/** Cents as dollars, the same double JavaScript's `cents / 100` gives. */
export const dollars = (cents: SQLWrapper): SQL => sql`${cents} / 100::float8`;

/** A timestamp as JavaScript's `toISOString()` writes it (milliseconds, UTC); null stays null. */
export const isoTime = (timestamp: SQLWrapper): SQL =>
  sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
