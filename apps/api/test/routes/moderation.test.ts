import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  accountSuspended,
  MAX_SUSPENSION_DAYS,
  messages,
  moderationMessages,
  type AdminAction,
  type AdminUser,
  type ErrorBody,
  type Listing,
  type ReportedProduct,
  type VerificationRequest,
} from '@reloop/shared';
import { notifications, payments, productReports, products, users } from '../../src/db/schema.ts';
import { endSuspension } from '../../src/moderation/suspensions.ts';
import {
  call,
  errorPaths,
  idsOf,
  orderAs,
  readBooking,
  readSale,
  sellProduct,
} from '../helpers/behaviour.ts';
import { expectSoundBooks, ledgerOf } from '../helpers/escrow.ts';
import { queueSettled } from '../helpers/jobs.ts';
import type { Mailbox } from '../helpers/mailbox.ts';
import { emailsSettled, useMailedApp } from '../helpers/mailed-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  payAs,
  type Actor,
} from '../helpers/marketplace.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Moderation (DESIGN §19) through the API, part one: reports with reasons and their dismissal,
 * suspensions (tokens, sign-in, listings, bookings, email and bell, the job at their end),
 * withdrawing a verification and sellers' verification requests. Every admin action is checked
 * in the audit log it writes.
 */
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let mailbox: Mailbox;
useMailedApp((running) => {
  t = running.t;
  mailbox = running.mailbox;
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const PRICE = 54_950;
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const report = (actor: Actor, productId: string, payload?: object) =>
  call(t.app, 'PUT', `/api/product/report/${productId}`, {
    actor,
    ...(payload ? { payload } : {}),
  });
const reportedList = async (admin: Actor) => {
  const response = await call(t.app, 'GET', '/api/reported/products', { actor: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportedProduct[]>();
};
const dismiss = (actor: Actor, productId: string) =>
  call(t.app, 'POST', `/api/reported/products/${productId}/dismiss`, { actor });
const suspend = (actor: Actor, userId: string, payload: object) =>
  call(t.app, 'POST', `/api/admin/users/${userId}/suspend`, { actor, payload });
const unsuspend = (actor: Actor, userId: string) =>
  call(t.app, 'POST', `/api/admin/users/${userId}/unsuspend`, { actor });
const unverify = (actor: Actor, userId: string) =>
  call(t.app, 'POST', `/api/admin/users/${userId}/unverify`, { actor });
const signIn = (email: string, password: string) =>
  call(t.app, 'POST', '/api/auth/signin', { payload: { email, password } });

/** The audit log, newest first (the first page, which holds every row of these tests). */
async function auditLog(admin: Actor): Promise<AdminAction[]> {
  const response = await call(t.app, 'GET', '/api/admin/audit?limit=100', { actor: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminAction[]>();
}

const categoryList = async () =>
  idsOf(await call(t.app, 'GET', `/api/products/${await firstCategoryId(t.db)}`));
const searchIds = async (query = '') => idsOf(await call(t.app, 'GET', `/api/search${query}`));
const advertisedIds = async () => idsOf(await call(t.app, 'GET', '/api/advertise/products'));

/** Every listing the sitemap's files name, as ids. */
async function sitemapIds(): Promise<string[]> {
  const index = await t.app.inject({ url: '/sitemap.xml' });
  expect(index.statusCode).toBe(200);
  const files = [...index.body.matchAll(/<loc>[^<]*(\/sitemaps\/listings-[^<]+\.xml)<\/loc>/g)];
  const ids: string[] = [];
  for (const [, file] of files) {
    const body = (await t.app.inject({ url: file ?? '' })).body;
    ids.push(...[...body.matchAll(/\/product\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1] ?? ''));
  }
  return ids;
}

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} is not stored`);
  return row;
}

describe('PUT /api/product/report/:id', () => {
  it('takes no body, a reason alone, or a reason and words, once per user', async () => {
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const [first, second, third] = [
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'seller'),
    ];
    for (const [actor, body] of [
      [first, undefined],
      [second, { reason: 'scam' }],
      [third, { reason: 'misleading', text: '  Says 16 GB, the photo shows 8.  ' }],
    ] as const) {
      const response = await report(actor, productId, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true });
    }
    const rows = await t.db
      .select({ reason: productReports.reason, text: productReports.text })
      .from(productReports)
      .where(eq(productReports.productId, productId));
    expect(rows).toEqual(
      expect.arrayContaining([
        { reason: null, text: '' },
        { reason: 'scam', text: '' },
        { reason: 'misleading', text: 'Says 16 GB, the photo shows 8.' },
      ]),
    );

    const again = await report(second, productId, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: moderationMessages.alreadyReported });
    const bare = await report(first, productId);
    expect(bare.statusCode).toBe(409);
  });

  it('lists the listings each user reported, newest first, the deleted ones left out (GET /api/product/reports/mine)', async () => {
    const seller = await createActor(t.app, 'seller');
    const [older, newer, gone] = [
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
    ];
    const reporter = await createActor(t.app, 'buyer');
    const bystander = await createActor(t.app, 'buyer');
    for (const productId of [older, newer, gone]) {
      expect((await report(reporter, productId)).statusCode).toBe(200);
    }
    const removed = await call(t.app, 'DELETE', `/api/delete/product/${gone}`, { actor: seller });
    expect(removed.statusCode, removed.body).toBe(200);
    const mine = (actor: Actor) => call(t.app, 'GET', '/api/product/reports/mine', { actor });
    expect((await mine(reporter)).json()).toEqual({ productIds: [newer, older] });
    // Someone else's report is theirs: this user may still report the listing.
    expect((await mine(bystander)).json()).toEqual({ productIds: [] });
    expect((await call(t.app, 'GET', '/api/product/reports/mine')).statusCode).toBe(401);
  });

  it('refuses an unknown reason (400), the seller’s own listing (403) and an unknown one (404)', async () => {
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller);

    const invalid = await report(buyer, productId, { reason: 'ugly' });
    expect(invalid.statusCode).toBe(400);
    expect(errorPaths(invalid)).toEqual(['body.reason']);
    const tooLong = await report(buyer, productId, { text: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorPaths(tooLong)).toEqual(['body.text']);

    const own = await report(seller, productId, { reason: 'scam' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: moderationMessages.ownListingReport });

    const unknown = await report(buyer, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.productNotFound });

    expect(await t.db.select().from(productReports)).toEqual([]);
    expect(
      (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.reported,
    ).toBe(false);
    // Nothing refused stands in the way of a proper report afterwards.
    expect((await report(buyer, productId, { reason: 'scam' })).statusCode).toBe(200);
  });

  it("shows the admin each listing's reports: count, reasons with counts, texts newest first, first and last date", async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const quiet = await createProductAs(t.app, seller, { name: 'Never reported' });
    const reporters = [
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
    ];
    const bodies = [
      { reason: 'scam', text: 'Asked me to pay outside Reloop.' },
      undefined,
      { reason: 'scam' },
      { reason: 'misleading', text: 'The battery is not 88%.' },
    ];
    for (const [index, reporter] of reporters.entries()) {
      expect((await report(reporter, productId, bodies[index])).statusCode).toBe(200);
    }

    const listed = await reportedList(admin);
    expect(listed.map((product) => product._id)).toEqual([productId]);
    expect(listed.map((product) => product._id)).not.toContain(quiet);
    const reports = listed[0]?.reports;
    expect(reports).toMatchObject({
      count: 4,
      texts: ['The battery is not 88%.', 'Asked me to pay outside Reloop.'],
    });
    expect(reports?.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'scam', count: 2 },
        { reason: null, count: 1 },
        { reason: 'misleading', count: 1 },
      ]),
    );
    expect(reports?.reasons).toHaveLength(3);
    // The most given reason comes first.
    expect(reports?.reasons[0]).toEqual({ reason: 'scam', count: 2 });
    const [stored] = await t.db
      .select({
        first: sql<string>`min(${productReports.createdAt})`,
        last: sql<string>`max(${productReports.createdAt})`,
      })
      .from(productReports);
    expect(Date.parse(reports?.firstReportedAt ?? '')).toBe(
      new Date(stored?.first ?? '').getTime(),
    );
    expect(Date.parse(reports?.lastReportedAt ?? '')).toBe(new Date(stored?.last ?? '').getTime());
    expect(Date.parse(reports?.firstReportedAt ?? '')).toBeLessThan(
      Date.parse(reports?.lastReportedAt ?? ''),
    );
  });
});

describe('POST /api/reported/products/:id/dismiss', () => {
  it('keeps the listing for sale, takes it off the reported list and closes its reports, with an audit row', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller, { name: 'Dell Latitude 7420' });
    const [first, second, later] = [
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
    ];
    await report(first, productId, { reason: 'scam' });
    await report(second, productId, { reason: 'other', text: 'Odd.' });

    const response = await dismiss(admin, productId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    expect(await reportedList(admin)).toEqual([]);
    expect(await categoryList()).toContain(productId);
    expect(await searchIds('?q=latitude')).toEqual([productId]);
    const closed = await t.db.select().from(productReports);
    expect(closed).toHaveLength(2);
    expect(closed.every((row) => row.dismissedAt instanceof Date)).toBe(true);

    const [entry] = await auditLog(admin);
    expect(entry).toMatchObject({
      admin: { _id: admin.uid },
      action: 'dismiss_report',
      target: { type: 'listing', _id: productId, label: 'Dell Latitude 7420' },
      reason: null,
      changes: { reportsDismissed: 2 },
    });

    // Those who reported may not report again; someone new brings it back, counted afresh.
    expect((await report(first, productId)).statusCode).toBe(409);
    expect((await report(later, productId, { reason: 'prohibited' })).statusCode).toBe(200);
    const back = await reportedList(admin);
    expect(back.map((product) => product._id)).toEqual([productId]);
    expect(back[0]?.reports).toMatchObject({
      count: 1,
      reasons: [{ reason: 'prohibited', count: 1 }],
      texts: [],
    });
  });

  it('is for admins only, and answers 404 for an unknown listing', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller);
    await report(buyer, productId);
    for (const actor of [buyer, seller]) {
      const refused = await dismiss(actor, productId);
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await call(t.app, 'POST', `/api/reported/products/${productId}/dismiss`)).statusCode,
    ).toBe(401);
    expect((await reportedList(admin)).map((product) => product._id)).toEqual([productId]);
    const unknown = await dismiss(admin, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(await auditLog(admin)).toEqual([]);
  });
});

describe('POST /api/admin/users/:id/suspend', () => {
  it('refuses the existing token and sign-in with the reason and end date; listings leave every public list', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const other = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller, { name: 'MacBook Air M1' });
    const othersId = await createProductAs(t.app, other, { name: 'MacBook Pro M1' });
    await call(t.app, 'PUT', `/api/advertise/product/update/${productId}`, { actor: seller });
    // Seen everywhere first, so that the checks after mean something.
    expect((await searchIds('?q=macbook')).sort()).toEqual([othersId, productId].sort());
    expect(await categoryList()).toEqual([othersId, productId]);
    expect(await advertisedIds()).toEqual([productId]);
    expect(await sitemapIds()).toContain(productId);
    expect((await call(t.app, 'GET', `/api/auth/me`, { actor: seller })).statusCode).toBe(200);

    const until = inDays(7);
    const response = await suspend(admin, seller.uid, {
      until,
      reason: '  Sold a stolen laptop  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      _id: seller.uid,
      status: 'suspended',
      suspensionReason: 'Sold a stolen laptop',
    });
    expect(Date.parse(response.json<AdminUser>().suspendedUntil ?? '')).toBe(Date.parse(until));

    const expected = {
      message: accountSuspended(new Date(until), 'Sold a stolen laptop'),
      suspendedUntil: new Date(until).toISOString(),
      suspensionReason: 'Sold a stolen laptop',
    };
    for (const url of ['/api/auth/me', '/api/notifications']) {
      const refused = await call(t.app, 'GET', url, { actor: seller });
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ErrorBody>()).toEqual(expected);
      expect(refused.json<ErrorBody>().message).toMatch(/^Your account is suspended until /);
    }
    const wrong = await signIn(seller.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: messages.wrongCredentials });
    const signedIn = await signIn(seller.email, 'correct horse battery');
    expect(signedIn.statusCode).toBe(401);
    expect(signedIn.json<ErrorBody>()).toEqual(expected);

    expect(await searchIds('?q=macbook')).toEqual([othersId]);
    expect(await categoryList()).toEqual([othersId]);
    expect(await advertisedIds()).toEqual([]);
    expect(await sitemapIds()).not.toContain(productId);
    expect(await sitemapIds()).toContain(othersId);
    const page = await call(t.app, 'GET', `/api/product/${productId}`);
    expect(page.statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/product/${productId}`, { actor: buyer })).statusCode,
    ).toBe(404);
    const asAdmin = await call(t.app, 'GET', `/api/product/${productId}`, { actor: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<Listing>()._id).toBe(productId);

    const booking = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: { productId, buyerPhone: '5125550199', buyerMeetingLocation: 'Central Library' },
    });
    expect(booking.statusCode).toBe(404);
    expect(booking.json()).toEqual({ message: messages.productNotFound });
    expect((await storedUser(seller.uid)).suspendedUntil).toEqual(new Date(until));
  });

  it('cancels the open bookings on both sides, refunds the paid ones, emails the user and rings the bell, with an audit row', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const [unpaidProduct, paidProduct] = [
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
    ];
    const waiting = await createActor(t.app, 'buyer');
    const unpaid = await bookAs(t.app, waiting, unpaidProduct);
    const sold = await sellProduct(t.app, paidProduct);
    // The buyer's side: another seller's laptops, one booked, one paid for.
    const otherSeller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const bought = await createProductAs(t.app, otherSeller);
    const booked = await createProductAs(t.app, otherSeller);
    const buyerUnpaid = await bookAs(t.app, buyer, booked);
    const buyerPaid = await bookAs(t.app, buyer, bought);
    const payment = await payAs(t.app, buyer, buyerPaid);
    expect((await orderAs(t.app, buyer, buyerPaid, payment.paymentId)).statusCode).toBe(200);

    const until = inDays(30);
    for (const [who, reason] of [
      [seller, 'Listings copied from another shop'],
      [buyer, 'Harassed a seller'],
    ] as const) {
      const response = await suspend(admin, who.uid, { until, reason });
      expect(response.statusCode, response.body).toBe(200);
    }
    await queueSettled(t.db, 'refund');

    expect(await readBooking(t.app, admin, unpaid)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      refundId: null,
    });
    const refundedSale = await readBooking(t.app, sold.buyer, sold.bookingId);
    expect(refundedSale).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      funds: 'refunded',
    });
    expect(refundedSale.refundId).toMatch(/^re_test_/);
    const [stored] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, sold.bookingId));
    expect(stored).toMatchObject({ status: 'refunded', refundId: refundedSale.refundId });
    expect(await ledgerOf(t.db, sold.bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      refund: { held: -PRICE, buyer: PRICE },
    });
    // The suspended buyer's bookings: cancelled on their side, the paid one refunded to them.
    expect(await readSale(t.app, otherSeller, buyerUnpaid)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'buyer',
    });
    const refundedOrder = await readSale(t.app, otherSeller, buyerPaid);
    expect(refundedOrder).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(refundedOrder.refundId).toMatch(/^re_test_/);
    expect(await ledgerOf(t.db, buyerPaid)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      refund: { held: -PRICE, buyer: PRICE },
    });
    await expectSoundBooks(t.db);

    const email = await mailbox.receive(seller.email, {
      subject: 'Your Reloop account is suspended',
    });
    expect(email.text).toContain('Listings copied from another shop');
    expect(email.text).toMatch(/suspended until /);
    await mailbox.receive(buyer.email, { subject: 'Your Reloop account is suspended' });
    const bell = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.uid));
    expect(bell.map((notice) => notice.kind)).toContain('account_suspended');

    const entries = await auditLog(admin);
    expect(entries.map((entry) => entry.action)).toEqual(['suspend', 'suspend']);
    const sellersEntry = entries.find((entry) => entry.target._id === seller.uid);
    expect(sellersEntry).toMatchObject({
      admin: { _id: admin.uid },
      target: { type: 'user', label: 'A seller' },
      reason: 'Listings copied from another shop',
      changes: {
        until: new Date(until).toISOString(),
        previousUntil: null,
        listingsHidden: 2,
        bookingsCancelled: 2,
      },
    });
    expect(entries.find((entry) => entry.target._id === buyer.uid)?.changes).toMatchObject({
      bookingsCancelled: 2,
      listingsHidden: 0,
    });
  });

  it('suspending again replaces the end date and the reason', async () => {
    const admin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const firstUntil = inDays(3);
    expect(
      (await suspend(admin, buyer.uid, { until: firstUntil, reason: 'Spam' })).statusCode,
    ).toBe(200);
    const secondUntil = inDays(60);
    const again = await suspend(admin, buyer.uid, { until: secondUntil, reason: 'Spam, again' });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminUser>()).toMatchObject({ suspensionReason: 'Spam, again' });
    expect(await storedUser(buyer.uid)).toMatchObject({
      suspendedUntil: new Date(secondUntil),
      suspensionReason: 'Spam, again',
    });
    const me = await call(t.app, 'GET', '/api/auth/me', { actor: buyer });
    expect(me.json<ErrorBody>()).toMatchObject({
      suspendedUntil: new Date(secondUntil).toISOString(),
      suspensionReason: 'Spam, again',
    });
    const [latest] = await auditLog(admin);
    expect(latest?.changes).toMatchObject({
      until: new Date(secondUntil).toISOString(),
      previousUntil: new Date(firstUntil).toISOString(),
    });
  });

  it('refuses a bad end date, a missing reason, an admin, oneself and an unknown id, writing nothing', async () => {
    const admin = await createActor(t.app, 'admin');
    const otherAdmin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    for (const until of [inDays(-1), inDays(MAX_SUSPENSION_DAYS + 1), 'next week']) {
      const response = await suspend(admin, buyer.uid, { until, reason: 'Spam' });
      expect(response.statusCode, until).toBe(400);
      expect(errorPaths(response)).toEqual(['body.until']);
    }
    for (const payload of [{ until: inDays(3) }, { until: inDays(3), reason: '   ' }]) {
      const response = await suspend(admin, buyer.uid, payload);
      expect(response.statusCode).toBe(400);
      expect(errorPaths(response)).toEqual(['body.reason']);
    }
    const valid = { until: inDays(3), reason: 'Spam' };
    const anAdmin = await suspend(admin, otherAdmin.uid, valid);
    expect(anAdmin.statusCode).toBe(403);
    expect(anAdmin.json()).toEqual({ message: moderationMessages.cannotSuspendAdmin });
    const self = await suspend(admin, admin.uid, valid);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: moderationMessages.cannotSuspendSelf });
    const unknown = await suspend(admin, UNKNOWN_ID, valid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.userNotFound });
    const byBuyer = await suspend(buyer, otherAdmin.uid, valid);
    expect(byBuyer.statusCode).toBe(403);

    expect(await auditLog(admin)).toEqual([]);
    for (const who of [buyer, otherAdmin, admin]) {
      expect((await storedUser(who.uid)).suspendedUntil).toBeNull();
    }
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: buyer })).statusCode).toBe(200);
    await emailsSettled(t.db);
    expect(mailbox.received.filter((email) => /suspended/.test(email.subject))).toEqual([]);
  });
});

describe('lifting a suspension', () => {
  it('POST …/unsuspend: the token works again, the listing is back, with an audit row', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const until = inDays(10);
    await suspend(admin, seller.uid, { until, reason: 'Checking a complaint' });
    expect(await categoryList()).toEqual([]);

    const response = await unsuspend(admin, seller.uid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      status: 'active',
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: seller })).statusCode).toBe(200);
    expect((await signIn(seller.email, 'correct horse battery')).statusCode).toBe(200);
    expect(await categoryList()).toEqual([productId]);
    expect(await searchIds()).toContain(productId);
    expect((await call(t.app, 'GET', `/api/product/${productId}`)).statusCode).toBe(200);
    // The bell notice is theirs to read now.
    const bell = await call(t.app, 'GET', '/api/notifications', { actor: seller });
    expect(bell.json<{ notifications: { kind: string }[] }>().notifications).toEqual([
      expect.objectContaining({ kind: 'account_suspended', bookingId: null }),
    ]);

    const [latest] = await auditLog(admin);
    expect(latest).toMatchObject({
      action: 'unsuspend',
      target: { type: 'user', _id: seller.uid },
      changes: { wasUntil: new Date(until).toISOString(), listingsShown: 1 },
    });
    // Lifting it again changes nothing and writes nothing.
    expect((await unsuspend(admin, seller.uid)).statusCode).toBe(200);
    expect((await auditLog(admin)).map((entry) => entry.action)).toEqual(['unsuspend', 'suspend']);
  });

  it('the suspensionEnd job at `until` brings the listings back', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const until = new Date(Date.now() + 3_000).toISOString();
    expect((await suspend(admin, seller.uid, { until, reason: 'Cooling off' })).statusCode).toBe(
      200,
    );
    expect(await categoryList()).toEqual([]);

    await queueSettled(t.db, 'suspensionEnd', 20_000);
    expect(await storedUser(seller.uid)).toMatchObject({
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect(await categoryList()).toEqual([productId]);
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: seller })).statusCode).toBe(200);
  });

  it('endSuspension leaves a suspension that has not run out, and ends one that has', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    await suspend(admin, seller.uid, { until: inDays(5), reason: 'Spam' });

    await endSuspension(t.db, seller.uid);
    expect((await storedUser(seller.uid)).suspendedUntil).not.toBeNull();
    expect(await categoryList()).toEqual([]);

    await t.db
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, seller.uid));
    await endSuspension(t.db, seller.uid);
    expect((await storedUser(seller.uid)).suspendedUntil).toBeNull();
    expect(await categoryList()).toEqual([productId]);
  });
});

describe('POST /api/admin/users/:id/unverify', () => {
  it("withdraws a seller's verification, from their listings and the verified search, with an audit row", async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const verified = await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, {
      actor: admin,
    });
    expect(verified.statusCode).toBe(200);
    expect(await searchIds('?verified=true')).toEqual([productId]);

    const response = await unverify(admin, seller.uid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({ _id: seller.uid, verify: false });
    expect((await storedUser(seller.uid)).verified).toBe(false);
    const listed = await call(t.app, 'GET', `/api/products/${await firstCategoryId(t.db)}`);
    expect(listed.json<Listing[]>().map((listing) => listing.sellerVerified)).toEqual([false]);
    expect(await searchIds('?verified=true')).toEqual([]);
    const sellers = await call(t.app, 'GET', '/api/sellers', { actor: admin });
    expect(sellers.json<{ verify: boolean }[]>()[0]?.verify).toBe(false);

    expect((await auditLog(admin)).map(({ action, target }) => [action, target._id])).toEqual([
      ['unverify', seller.uid],
      ['verify', seller.uid],
    ]);
  });

  it('answers 404 for a buyer or an unknown id, and 403 for a non-admin', async () => {
    const admin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const seller = await createActor(t.app, 'seller');
    for (const id of [buyer.uid, UNKNOWN_ID]) {
      const response = await unverify(admin, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.sellerNotFound });
    }
    expect((await unverify(seller, seller.uid)).statusCode).toBe(403);
    expect(await auditLog(admin)).toEqual([]);
  });
});

describe('verification requests', () => {
  const ask = (actor: Actor, note?: string) =>
    call(t.app, 'POST', '/api/verification-requests', {
      actor,
      payload: note === undefined ? {} : { note },
    });
  const decide = (actor: Actor, id: string, decision: 'approve' | 'decline') =>
    call(t.app, 'POST', `/api/verification-requests/${id}/${decision}`, { actor });
  const pending = async (admin: Actor) => {
    const response = await call(t.app, 'GET', '/api/verification-requests', { actor: admin });
    expect(response.statusCode).toBe(200);
    return response.json<VerificationRequest[]>();
  };

  it('a seller asks once with a note; the admin lists and approves it: verified, with an audit row', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const asked = await ask(seller, '  Refurbisher since 2015, shop on Main St.  ');
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<VerificationRequest>();
    expect(request).toMatchObject({
      seller: { _id: seller.uid, email: seller.email, name: 'A seller' },
      note: 'Refurbisher since 2015, shop on Main St.',
      status: 'pending',
      decidedAt: null,
    });
    const twice = await ask(seller, 'Please?');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: moderationMessages.verificationPending });
    expect((await pending(admin)).map((item) => item._id)).toEqual([request._id]);
    const mine = await call(t.app, 'GET', '/api/verification-requests/mine', { actor: seller });
    expect(mine.json()).toEqual({ verified: false, request });

    const approved = await decide(admin, request._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<VerificationRequest>()).toMatchObject({
      _id: request._id,
      status: 'approved',
      decidedAt: expect.any(String),
    });
    expect((await storedUser(seller.uid)).verified).toBe(true);
    expect(await searchIds('?verified=true')).toEqual([productId]);
    expect(await pending(admin)).toEqual([]);
    const [entry] = await auditLog(admin);
    expect(entry).toMatchObject({
      action: 'verify',
      target: { type: 'user', _id: seller.uid },
      changes: { requestId: request._id },
    });

    const answeredTwice = await decide(admin, request._id, 'decline');
    expect(answeredTwice.statusCode).toBe(409);
    expect(answeredTwice.json()).toEqual({ message: moderationMessages.verificationAnswered });
    const verifiedAsks = await ask(seller);
    expect(verifiedAsks.statusCode).toBe(409);
    expect(verifiedAsks.json()).toEqual({ message: moderationMessages.alreadyVerified });
  });

  it('a declined seller stays unverified, may ask again, and the decline is in the audit log', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const first = (await ask(seller)).json<VerificationRequest>();
    expect(first.note).toBe('');

    const declined = await decide(admin, first._id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json<VerificationRequest>().status).toBe('declined');
    expect((await storedUser(seller.uid)).verified).toBe(false);
    const [entry] = await auditLog(admin);
    expect(entry).toMatchObject({
      action: 'decline_verification',
      target: { type: 'user', _id: seller.uid },
      changes: { requestId: first._id },
    });
    expect((await decide(admin, first._id, 'approve')).statusCode).toBe(409);
    expect((await decide(admin, UNKNOWN_ID, 'approve')).statusCode).toBe(404);

    const again = await ask(seller, 'I added my shop’s website.');
    expect(again.statusCode).toBe(201);
    expect((await pending(admin)).map((item) => item._id)).toEqual([
      again.json<VerificationRequest>()._id,
    ]);
  });

  it('is for sellers to ask and admins to answer', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const fromBuyer = await ask(buyer, 'Me too');
    expect(fromBuyer.statusCode).toBe(403);
    expect((await ask(admin)).statusCode).toBe(403);
    const request = (await ask(seller)).json<VerificationRequest>();
    expect(
      (await call(t.app, 'GET', '/api/verification-requests', { actor: seller })).statusCode,
    ).toBe(403);
    expect((await decide(seller, request._id, 'approve')).statusCode).toBe(403);
    expect((await decide(buyer, request._id, 'decline')).statusCode).toBe(403);
    expect((await ask(seller, 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await storedUser(seller.uid)).verified).toBe(false);
    expect((await pending(admin)).map((item) => item.status)).toEqual(['pending']);
  });

  it("the spec's verify call answers a waiting request too, with an audit row", async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const request = (await ask(seller, 'Shop')).json<VerificationRequest>();
    const verified = await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, {
      actor: admin,
    });
    expect(verified.statusCode).toBe(200);
    expect(await pending(admin)).toEqual([]);
    const mine = await call(t.app, 'GET', '/api/verification-requests/mine', { actor: seller });
    expect(mine.json()).toMatchObject({
      verified: true,
      request: { _id: request._id, status: 'approved' },
    });
    expect((await decide(admin, request._id, 'approve')).statusCode).toBe(409);
    const entries = await auditLog(admin);
    expect(entries.map(({ action, target }) => [action, target._id])).toEqual([
      ['verify', seller.uid],
    ]);
    // Verifying a verified seller again changes nothing and writes nothing.
    await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, { actor: admin });
    expect(await auditLog(admin)).toHaveLength(1);
  });
});
