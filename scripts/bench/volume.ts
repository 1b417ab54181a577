// Generates the benchmark's volume in SQL, on any PostgreSQL the app has migrated and seeded:
// a few big INSERT … SELECT generate_series statements, so a million rows take about a minute
// instead of an hour of API calls. Ids are derived from a row number (md5, shaped as a v4 UUID
// so the API's id validation accepts them), which lets products point at sellers and bookings
// at buyers without joins or temporary tables.
import type pg from 'pg';
import { MAX_UNPAID_BOOKINGS } from '@reloop/shared';
import { hashPassword } from '../../apps/api/src/identity/passwords.ts';
import { withClient } from './database.ts';
import { PRODUCTS_PER_EXTRA_WORD, VOCABULARY_SQL } from './searches.ts';

/** Every generated user signs in with this password. */
export const BENCH_PASSWORD = 'reloop-bench-password';
const EMAIL_DOMAIN = 'bench.reloop.dev';
/** Payment ids of the volume's paid bookings start with it (the money bench's differ). */
const PAID_PREFIX = 'pi_bench_';

/**
 * The most products one buyer books during a run. The API allows a user 10 bookings a minute
 * and MAX_UNPAID_BOOKINGS unpaid ones at once; 8 in the whole run keeps each buyer under both,
 * with margin, so every booking request is a 201, as it is for real buyers booking a few each.
 */
export const BOOKINGS_PER_BUYER = 8;

export interface Volume {
  products: number;
  sellers: number;
  buyers: number;
  bookings: number;
  /** Reviews after handovers (DESIGN §16), two per reviewed booking. */
  reviews: number;
}

/** What the benchmark calls are aimed at, picked from the generated data by SQL. */
export interface Picks {
  categoryId: string;
  /** The seller with the most listed products. */
  sellerEmail: string;
  /** Their id: their sales (the bookings on their products) are benchmarked too. */
  sellerId: string;
  /** The buyer with the most bookings. */
  buyerEmail: string;
  /**
   * Ids of the buyers who book during the benchmark: one per BOOKINGS_PER_BUYER bookable
   * products, none of them the busiest buyer above.
   */
  bookingBuyerIds: string[];
  /** Unsold products nobody has booked: each booking request takes one of them. */
  bookableProductIds: string[];
}

export interface Counts {
  products: number;
  sellers: number;
  buyers: number;
  bookings: number;
  reviews: number;
  advertised: number;
  reported: number;
  sold: number;
}

// A single-expression SQL function is inlined by the planner, so it costs no call per row.
const ID_FUNCTION = `
  create function pg_temp.bench_id(kind text, n bigint) returns uuid
  language sql immutable parallel safe as $$
    select overlay(overlay(md5('reloop-bench-' || kind || '-' || n) placing '4' from 13 for 1)
                   placing '8' from 17 for 1)::uuid
  $$`;

const CITIES = `array['San Francisco','Seattle','Austin','New York','Chicago','Boston','Denver',
  'Portland','Atlanta','Miami','Los Angeles','Minneapolis']`;

/**
 * Users: one password hash (scrypt is deliberately slow, so it is computed once, the way the
 * app computes it, and shared). Sellers and buyers joined over the last three years.
 */
function usersSql(role: 'seller' | 'buyer'): string {
  return `
    insert into users (id, email, name, image, role, verified, password_hash, created_at)
    select pg_temp.bench_id('${role}', n),
           '${role}' || n || '@${EMAIL_DOMAIN}',
           initcap('${role}') || ' ' || n,
           '',
           '${role}',
           ${role === 'seller' ? 'random() < 0.6' : 'false'},
           $1,
           now() - interval '2 years' - random() * interval '1 year'
    from generate_series(1, $2::int) n`;
}

/**
 * Products copy a demo listing of their category (name, photos, specs, description, price) so
 * pages and searches look real; RAM and storage vary across the copies. The spreads: created over two years, seller chosen with a squared random number
 * (a long tail: the busiest of 20,000 sellers lists ~0.7% of everything), categories uneven,
 * prices 60–130% of the template's, 10% sold, 3% of the unsold advertised, 1.5% reported, 2%
 * deleted by their seller.
 */
const PRODUCTS_SQL = `
  with templates as (
    select c.id as category_id,
           dense_rank() over (order by c.position) - 1 as slot,
           row_number() over (partition by c.id order by p.name) - 1 as k,
           count(*) over (partition by c.id) as per_category,
           coalesce(p.name, c.name || ' laptop') as name,
           coalesce(p.image, c.image) as image,
           coalesce(p.description, 'Works well, light signs of use.') as description,
           coalesce(p.resale_price_cents, 40000) as resale,
           coalesce(p.original_price_cents, 90000) as original,
           coalesce(p.model, c.name || ' laptop') as model,
           coalesce(p.cpu, 'Intel Core i5-1135G7') as cpu,
           coalesce(p.screen_inches, 14) as screen_inches,
           coalesce(p.photos, array[c.image]) as photos
    from categories c
    left join products p on p.category_id = c.id and p.deleted_at is null
  ),
  category_count as (select count(*)::int as n from categories),
  rows as (
    select n, random() as r_seller, random() as r_category, random() as r_age,
           random() as r_price, random() as r_status, random() as r_flag,
           random() as r_deleted, random() as r_year
    from generate_series(1, $1::int) n
    offset 0 -- keeps each random() evaluated once per row
  ),
  shaped as (
    select r.*,
           floor(r.r_category ^ 1.4 * (select n from category_count))::int as slot,
           now() - r.r_age * interval '2 years' as created
    from rows r
  )
  insert into products (id, seller_id, name, image, resale_price_cents, original_price_cents,
                        location, phone, year_of_purchase, condition, category_id, description,
                        photos, model, cpu, ram_gb, storage_gb, screen_inches, battery_health,
                        seller_verified, status, advertised, reported, created_at, deleted_at)
  select pg_temp.bench_id('product', s.n),
         pg_temp.bench_id('seller', 1 + floor($2::int * s.r_seller ^ 2)::int),
         t.name,
         t.image,
         greatest(1000, round(t.resale * (0.6 + 0.7 * s.r_price) / 100) * 100)::int,
         greatest(1000, round(t.resale * (0.6 + 0.7 * s.r_price) / 100) * 100)::int
           + greatest(t.original - t.resale, 10000),
         (${CITIES})[1 + s.n % 12],
         '555' || lpad((s.n % 10000000)::text, 7, '0'),
         2016 + floor(s.r_year * 9)::int,
         (array['excellent','good','fair'])[1 + s.n % 3],
         t.category_id,
         t.description,
         t.photos,
         t.model,
         t.cpu,
         (array[8, 16, 16, 32])[1 + (s.n / 3) % 4],
         (array[256, 512, 512, 1024])[1 + (s.n / 7) % 4],
         t.screen_inches,
         -- Within each grade's promise (conditionGrades): excellent ≥ 85%, good ≥ 80%.
         (array[85 + s.n % 15, 80 + s.n % 10, 60 + s.n % 20])[1 + s.n % 3],
         exists (select 1 from users u
                 where u.id = pg_temp.bench_id('seller', 1 + floor($2::int * s.r_seller ^ 2)::int)
                   and u.verified),
         case when s.r_status < 0.10 then 'sold' else 'unsold' end,
         s.r_status >= 0.10 and s.r_flag < 0.03,
         s.r_flag >= 0.97 and s.r_flag < 0.985,
         s.created,
         case when s.r_deleted < 0.02 then s.created + (now() - s.created) * s.r_deleted * 50 end
  from shaped s
  join templates t on t.slot = s.slot and t.k = s.n % t.per_category`;

/**
 * Bookings, first the sold products' paid ones (one each, with its payment; the money held until
 * the handover, DESIGN §15), then the rest on random products: closed when someone else bought
 * the product, unpaid otherwise. Buyers are chosen with a cubed random number, so the busiest
 * buyer has thousands of bookings.
 */
const PAID_BOOKINGS_SQL = `
  insert into bookings (product_id, buyer_id, seller_id, product_name, product_image, price_cents,
                        phone, meeting_location, status, payment_id, paid_at, funds, handover_code,
                        created_at)
  select p.id, pg_temp.bench_id('buyer', 1 + floor($1::int * random() ^ 3)::int), p.seller_id,
         p.name, p.image, p.resale_price_cents,
         '555' || lpad((abs(hashtext(p.id::text)) % 10000000)::text, 7, '0'),
         p.location, 'paid', '${PAID_PREFIX}' || replace(p.id::text, '-', ''), booked.at, 'held',
         lpad(floor(random() * 1000000)::int::text, 6, '0'), booked.at
  from products p
  cross join lateral (select p.created_at + (now() - p.created_at) * random() * 0.5 as at) booked
  where p.status = 'sold'
    and not exists (select 1 from bookings b where b.product_id = p.id and b.status = 'paid')`;

/**
 * What a booking's payment leaves beside its row, for the bookings whose payment_id starts with
 * $1: the payment, the test provider's intent (it keeps them in the database), and the ledger's
 * payment entries (buyer −P, held +P), as the payment's transaction writes them.
 */
export const PAYMENT_RECORDS_SQL: [label: string, sql: string][] = [
  [
    'payments',
    `insert into payments (booking_id, provider, intent_id, amount_cents, currency, status,
                           created_at)
     select b.id, 'test', b.payment_id, b.price_cents, 'usd', 'succeeded', b.paid_at
     from bookings b
     where b.payment_id like $1::text || '%'`,
  ],
  [
    'test payment intents',
    `insert into test_payment_intents (id, client_secret, booking_id, amount_cents, currency,
                                       status, created_at)
     select b.payment_id, b.payment_id || '_secret_bench', b.id, b.price_cents, 'usd',
            'succeeded', b.paid_at
     from bookings b
     where b.payment_id like $1::text || '%'`,
  ],
  [
    'ledger payment entries',
    `insert into ledger_entries (booking_id, movement, account, amount_cents, created_at)
     select b.id, 'payment', entry.account, entry.sign * b.price_cents, b.paid_at
     from bookings b
     cross join (values ('buyer', -1), ('held', 1)) as entry(account, sign)
     where b.payment_id like $1::text || '%'`,
  ],
];

const OTHER_BOOKINGS_SQL = `
  with candidates as (
    select distinct on (product_id, buyer_id) product_id, buyer_id
    from (
      select pg_temp.bench_id('product', 1 + floor($1::int * random())::int) as product_id,
             pg_temp.bench_id('buyer', 1 + floor($2::int * random() ^ 3)::int) as buyer_id
      from generate_series(1, ($3::int * 1.05)::int)
      offset 0
    ) c
  )
  insert into bookings (product_id, buyer_id, seller_id, product_name, product_image, price_cents,
                        phone, meeting_location, status, created_at)
  select p.id, c.buyer_id, p.seller_id, p.name, p.image, p.resale_price_cents,
         '555' || lpad((abs(hashtext(c.buyer_id::text)) % 10000000)::text, 7, '0'),
         p.location, case when p.status = 'sold' then 'closed' else 'unpaid' end,
         p.created_at + (now() - p.created_at) * random()
  from candidates c
  join products p on p.id = c.product_id
  where not exists (select 1 from bookings b where b.product_id = c.product_id
                                               and b.buyer_id = c.buyer_id)
  limit $3::int`;

/**
 * Conversations and notifications (DESIGN §12). About 40% of bookings carry a note, which is
 * their thread's first message; half of those (chosen by a hash of the id, so every statement
 * picks the same ones) have the seller's reply and the buyer's answer. A quarter of the threads
 * are unread by the side that did not write last. Every booking notified its seller, a paid one
 * twice; notifications older than a week are read, except those of unread threads.
 */
const NOTE = 'Is the charger included? Could we meet after 6pm?';
const replied = (table: string) => `abs(hashtext(${table}.id::text)) % 2 = 0`;
const CONVERSATION_SQL: [label: string, sql: string][] = [
  ['notes', `update bookings set note = '${NOTE}' where random() < 0.4`],
  [
    'messages',
    `insert into booking_messages (booking_id, sender_side, text, created_at)
   select b.id, 'buyer', b.note, b.created_at from bookings b where b.note is not null
   union all
   select b.id, 'seller', 'Yes, the original charger. 6pm at the library works.',
          b.created_at + interval '3 hours'
   from bookings b where b.note is not null and ${replied('b')}
   union all
   select b.id, 'buyer', 'Great, see you there.', b.created_at + interval '4 hours'
   from bookings b where b.note is not null and ${replied('b')}`,
  ],
  [
    'read marks',
    `update bookings b
   set buyer_read_at = b.created_at + interval '4 hours',
       seller_read_at = case when abs(hashtext(b.id::text)) % 4 = 0 then null
                             else b.created_at + interval '5 hours' end
   where b.note is not null`,
  ],
];
const NOTIFICATIONS_SQL = `
  insert into notifications (user_id, booking_id, kind, side, read_at, created_at)
  select b.seller_id, b.id, e.kind, 'seller',
         case when e.kind <> 'message' and e.at < now() - interval '7 days'
              then e.at + interval '1 hour' end,
         e.at
  from bookings b
  cross join lateral (
    select 'booked' as kind, b.created_at as at
    union all
    select 'paid', b.paid_at where b.paid_at is not null
    union all
    select 'message', b.created_at + interval '4 hours'
    where b.note is not null and b.seller_read_at is null
  ) e`;

/**
 * Reviews (DESIGN §16): both sides of $1 bookings review each other, the busiest seller's
 * bookings first so their profile has reviews 50 pages deep. Each subject has a quality of their
 * own (a hash of their id) that their ratings scatter around, so averages spread from 2.5 to 5
 * and `minRating` keeps some sellers and drops others. 95% are shown, a fifth of those answered,
 * one in 200 reported.
 */
const REVIEWS_SQL = `
  insert into reviews (booking_id, author_id, subject_id, author_side, rating, text, revealed_at,
                       reply, replied_at, reported_at, created_at)
  select b.id, side.author_id, side.subject_id, side.author_side,
         greatest(1, least(5, round(2.5 + 2.5 * (abs(hashtext(side.subject_id::text)) % 1000)
                                    / 1000.0 + (random() - 0.5) * 2)))::int,
         'Met on time, the laptop was as described and everything went smoothly.',
         case when shown then written.at end,
         case when shown and answered then 'Thank you, it was a pleasure.' end,
         case when shown and answered then written.at + interval '1 day' end,
         case when shown and random() < 0.005 then written.at + interval '2 days' end,
         written.at
  from (
    select id, buyer_id, seller_id, created_at from bookings
    order by seller_id = (select p.seller_id from products p where p.deleted_at is null
                          group by p.seller_id order by count(*) desc limit 1) desc,
             hashtext(id::text)
    limit $1::int
  ) b
  cross join lateral (values ('buyer', b.buyer_id, b.seller_id),
                             ('seller', b.seller_id, b.buyer_id)) side(author_side, author_id, subject_id)
  cross join lateral (select b.created_at + (now() - b.created_at) * random() as at,
                             random() < 0.95 as shown, random() < 0.2 as answered) written`;

/** Each user's rating from their shown reviews, as the reviews' transactions keep it. */
const RATINGS_SQL = `
  update users u
  set rating_count = counted.n, rating_sum = counted.total, rating_histogram = counted.histogram
  from (
    select subject_id, count(*)::int as n, sum(rating)::int as total,
           array[count(*) filter (where rating = 1), count(*) filter (where rating = 2),
                 count(*) filter (where rating = 3), count(*) filter (where rating = 4),
                 count(*) filter (where rating = 5)]::int[] as histogram
    from reviews where revealed_at is not null and hidden_at is null
    group by subject_id
  ) counted
  where u.id = counted.subject_id`;

/** Loads `volume` into the database at `url` (already migrated and seeded by the app). */
export async function generateVolume(
  url: string,
  volume: Volume,
  log: (line: string) => void,
): Promise<Counts> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  return withClient(url, async (client) => {
    // Bulk load: no need to wait for each commit's WAL flush.
    await client.query('set synchronous_commit = off');
    await client.query(ID_FUNCTION);
    const step = loggedStep(client, log);
    await step('sellers', usersSql('seller'), [passwordHash, volume.sellers]);
    await step('buyers', usersSql('buyer'), [passwordHash, volume.buyers]);
    await step('products', PRODUCTS_SQL, [volume.products, volume.sellers]);
    await step('paid bookings', PAID_BOOKINGS_SQL, [volume.buyers]);
    for (const [label, sql] of PAYMENT_RECORDS_SQL) await step(label, sql, [PAID_PREFIX]);
    const {
      rows: [paid],
    } = await client.query<{ n: number }>('select count(*)::int as n from bookings');
    await step('other bookings', OTHER_BOOKINGS_SQL, [
      volume.products,
      volume.buyers,
      Math.max(0, volume.bookings - (paid?.n ?? 0)),
    ]);
    for (const [label, sql] of CONVERSATION_SQL) await step(label, sql, []);
    await step('notifications', NOTIFICATIONS_SQL, []);
    await step('reviews', REVIEWS_SQL, [Math.floor(volume.reviews / 2)]);
    await step('ratings on the user rows', RATINGS_SQL, []);
    await step('search vocabulary', VOCABULARY_SQL, [
      Math.floor(volume.products / PRODUCTS_PER_EXTRA_WORD),
    ]);
    const started = performance.now();
    await client.query('vacuum analyze');
    // The load wrote gigabytes of WAL: flush it now, or the checkpoint it forces lands in the
    // middle of the measurements as stalls no steady marketplace would see.
    await client.query('checkpoint');
    log(`  vacuum analyze and checkpoint: ${seconds(started)}`);
    return counts(client);
  });
}

/** Runs a bulk statement on `client` and logs how many rows it wrote, and how fast. */
export function loggedStep(client: pg.Client, log: (line: string) => void) {
  return async (label: string, sql: string, values: unknown[]): Promise<number> => {
    const started = performance.now();
    const result = await client.query(sql, values);
    log(`  ${label}: ${result.rowCount} rows in ${seconds(started)}`);
    return result.rowCount ?? 0;
  };
}

async function counts(client: pg.Client): Promise<Counts> {
  const { rows } = await client.query<Counts>(`
    select (select count(*)::int from products) as products,
           (select count(*)::int from users where role = 'seller') as sellers,
           (select count(*)::int from users where role = 'buyer') as buyers,
           (select count(*)::int from bookings) as bookings,
           (select count(*)::int from reviews) as reviews,
           (select count(*)::int from products
             where advertised and status = 'unsold' and deleted_at is null) as advertised,
           (select count(*)::int from products where reported and deleted_at is null) as reported,
           (select count(*)::int from products where status = 'sold') as sold`);
  return rows[0] as Counts;
}

/**
 * Picks the busiest seller, buyer and category, `bookable` products to book and the buyers to
 * book them, from the data.
 */
export async function pick(url: string, bookable: number): Promise<Picks> {
  return withClient(url, async (client) => {
    const one = async (sql: string, values: unknown[] = []) => {
      const { rows } = await client.query<{ value: string }>(sql, values);
      if (!rows[0]) throw new Error(`nothing to pick: ${sql}`);
      return rows[0].value;
    };
    const categoryId = await one(`
      select category_id as value from products
      where status = 'unsold' and deleted_at is null
      group by category_id order by count(*) desc limit 1`);
    const sellerEmail = await one(`
      select u.email as value from products p join users u on u.id = p.seller_id
      where p.deleted_at is null and u.deleted_at is null
      group by u.email order by count(*) desc limit 1`);
    const sellerId = await one(
      `select id as value from users where email = $1 and deleted_at is null`,
      [sellerEmail],
    );
    const buyerEmail = await one(`
      select u.email as value from bookings b join users u on u.id = b.buyer_id
      where u.deleted_at is null
      group by u.email order by count(*) desc limit 1`);
    // Live buyers with room for BOOKINGS_PER_BUYER more unpaid bookings, and no listing of
    // their own, so no product they book is theirs.
    const bookingBuyers = Math.ceil(bookable / BOOKINGS_PER_BUYER);
    const { rows: buyers } = await client.query<{ id: string }>(
      `select u.id from users u
       where u.role = 'buyer' and u.deleted_at is null and u.email like $1 and u.email <> $2
         and (select count(*) from bookings b
              where b.buyer_id = u.id and b.status = 'unpaid') <= $3
         and not exists (select 1 from products p
                         where p.seller_id = u.id and p.deleted_at is null)
       order by u.created_at desc limit $4`,
      [`%@${EMAIL_DOMAIN}`, buyerEmail, MAX_UNPAID_BOOKINGS - BOOKINGS_PER_BUYER, bookingBuyers],
    );
    if (buyers.length < bookingBuyers) {
      throw new Error(
        `only ${buyers.length} buyers can book ${BOOKINGS_PER_BUYER} products each; ` +
          `${bookable} bookable products need ${bookingBuyers}`,
      );
    }
    const { rows: products } = await client.query<{ id: string }>(
      `select p.id from products p
       where p.status = 'unsold' and p.deleted_at is null
         and not exists (select 1 from bookings b where b.product_id = p.id)
       order by random() limit $1`,
      [bookable],
    );
    return {
      categoryId,
      sellerEmail,
      sellerId,
      buyerEmail,
      bookingBuyerIds: buyers.map((row) => row.id),
      bookableProductIds: products.map((row) => row.id),
    };
  });
}

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
