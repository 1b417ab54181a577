/**
 * Limits the API enforces and the texts name, in one place so the two never disagree. Plain
 * constants: the web app's first bundle imports them through the messages without zod.
 */

/**
 * Unpaid bookings one buyer may hold at once: each holds a seller's attention and a product's
 * buyers list, so one account cannot book a whole catalogue and pay for none.
 */
export const MAX_UNPAID_BOOKINGS = 30;

/**
 * How long after the handover both sides may review each other (DESIGN §16); reviews not yet
 * shown because the other side never reviewed show when it ends.
 */
export const REVIEW_WINDOW_DAYS = 14;

/** Listings one user may watch at once (DESIGN §17): a watchlist, not a copy of the catalogue. */
export const MAX_WATCHED_LISTINGS = 500;

/** Saved searches one user may keep (DESIGN §17): each is matched against every new listing. */
export const MAX_SAVED_SEARCHES = 50;

/**
 * Messages one conversation holds: a booking's thread or a conversation before booking. One is
 * short by nature (one laptop, one handover), and capped so it stays so.
 */
export const MAX_THREAD_MESSAGES = 500;
