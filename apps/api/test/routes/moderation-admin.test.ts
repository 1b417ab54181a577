import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminAction,
  type AdminBooking,
  type AdminUser,
  type OwnReview,
} from '@reloop/shared';
import { adminActions, users } from '../../src/db/schema.ts';
import { call, errorPaths, idsOf, nextLink, pagesOf, sellProduct } from '../helpers/behaviour.ts';
import { handedOver } from '../helpers/escrow.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Moderation (DESIGN §19) through the API, part two: bulk suspend and delete (all or none), the
 * append-only audit log with a row for every kind of admin action, and the admin's searches of
 * users and bookings.
 */
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const bulk = (actor: Actor, payload: object) =>
  call(t.app, 'POST', '/api/admin/users/bulk', { actor, payload });

async function auditLog(admin: Actor): Promise<AdminAction[]> {
  const response = await call(t.app, 'GET', '/api/admin/audit?limit=100', { actor: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminAction[]>();
}

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} is not stored`);
  return row;
}

describe('POST /api/admin/users/bulk', () => {
  it('suspends every user ticked, with an audit row each', async () => {
    const admin = await createActor(t.app, 'admin');
    const ticked = [
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'seller'),
      await createActor(t.app, 'buyer'),
    ];
    const until = inDays(14);
    const response = await bulk(admin, {
      action: 'suspend',
      ids: ticked.map((user) => user.uid),
      until,
      reason: 'Ring of fake accounts',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, count: 3 });
    for (const user of ticked) {
      expect(await storedUser(user.uid)).toMatchObject({
        suspendedUntil: new Date(until),
        suspensionReason: 'Ring of fake accounts',
      });
      expect((await call(t.app, 'GET', '/api/auth/me', { actor: user })).statusCode).toBe(401);
    }
    const entries = await auditLog(admin);
    expect(entries.map((entry) => entry.action)).toEqual(['suspend', 'suspend', 'suspend']);
    expect(entries.map((entry) => entry.target._id).sort()).toEqual(
      ticked.map((user) => user.uid).sort(),
    );
    expect(entries.every((entry) => entry.reason === 'Ring of fake accounts')).toBe(true);
  });

  it('deletes every user ticked, with an audit row each', async () => {
    const admin = await createActor(t.app, 'admin');
    const ticked = [await createActor(t.app, 'buyer'), await createActor(t.app, 'seller')];
    const response = await bulk(admin, { action: 'delete', ids: ticked.map((user) => user.uid) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, count: 2 });
    for (const user of ticked) {
      expect((await storedUser(user.uid)).deletedAt).toBeInstanceOf(Date);
    }
    expect((await auditLog(admin)).map((entry) => entry.action)).toEqual([
      'delete_user',
      'delete_user',
    ]);
  });

  it.each([
    ['suspend', 'another admin', 403],
    ['suspend', 'an unknown id', 404],
    ['suspend', 'oneself', 400],
    ['delete', 'another admin', 403],
    ['delete', 'an unknown id', 404],
    ['delete', 'oneself', 400],
  ] as const)(
    'a %s including %s changes nobody and writes no audit row',
    async (action, odd, status) => {
      const admin = await createActor(t.app, 'admin');
      const otherAdmin = await createActor(t.app, 'admin');
      const seller = await createActor(t.app, 'seller');
      const productId = await createProductAs(t.app, seller);
      const buyer = await createActor(t.app, 'buyer');
      await bookAs(t.app, buyer, productId);
      const oddId = {
        'another admin': otherAdmin.uid,
        'an unknown id': UNKNOWN_ID,
        oneself: admin.uid,
      }[odd];
      // The odd one last, so that the others were already done when it is refused.
      const response = await bulk(admin, {
        action,
        ids: [buyer.uid, seller.uid, oddId],
        ...(action === 'suspend' ? { until: inDays(7), reason: 'Spam' } : {}),
      });
      expect(response.statusCode, response.body).toBe(status);
      for (const user of [buyer, seller, otherAdmin, admin]) {
        expect(await storedUser(user.uid)).toMatchObject({
          deletedAt: null,
          suspendedUntil: null,
        });
        expect((await call(t.app, 'GET', '/api/auth/me', { actor: user })).statusCode).toBe(200);
      }
      expect(await t.db.select().from(adminActions)).toEqual([]);
      const booking = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
        actor: buyer,
      });
      expect(booking.json<{ status: string }[]>().map((row) => row.status)).toEqual(['unpaid']);
      expect(
        (await call(t.app, 'GET', `/api/product/${productId}`)).statusCode,
        'the listing stays shown',
      ).toBe(200);
    },
  );

  it('validates: a suspension needs until and reason, ids at least one, admins only', async () => {
    const admin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const missing = await bulk(admin, { action: 'suspend', ids: [buyer.uid] });
    expect(missing.statusCode).toBe(400);
    expect(errorPaths(missing)).toEqual(['body.reason', 'body.until']);
    const empty = await bulk(admin, { action: 'delete', ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorPaths(empty)).toEqual(['body.ids']);
    const unknownAction = await bulk(admin, { action: 'ban', ids: [buyer.uid] });
    expect(unknownAction.statusCode).toBe(400);
    expect(errorPaths(unknownAction)).toEqual(['body.action']);
    const past = await bulk(admin, {
      action: 'suspend',
      ids: [buyer.uid],
      until: inDays(-1),
      reason: 'Spam',
    });
    expect(past.statusCode).toBe(400);
    expect(errorPaths(past)).toEqual(['body.until']);
    const byBuyer = await bulk(buyer, { action: 'delete', ids: [admin.uid] });
    expect(byBuyer.statusCode).toBe(403);
    expect(await storedUser(buyer.uid)).toMatchObject({ deletedAt: null, suspendedUntil: null });
    expect(await t.db.select().from(adminActions)).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  it('holds a row for every kind of admin action, newest first, in keyset pages; a seller deleting their own listing writes none', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const expectOk = (response: { statusCode: number; body: string }) =>
      expect(response.statusCode, response.body).toBeLessThan(300);

    // verify, unverify
    expectOk(await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, { actor: admin }));
    expectOk(
      await call(t.app, 'POST', `/api/admin/users/${seller.uid}/unverify`, { actor: admin }),
    );
    // suspend, unsuspend
    const suspended = await createActor(t.app, 'buyer');
    expectOk(
      await call(t.app, 'POST', `/api/admin/users/${suspended.uid}/suspend`, {
        actor: admin,
        payload: { until: inDays(2), reason: 'Spam' },
      }),
    );
    expectOk(
      await call(t.app, 'POST', `/api/admin/users/${suspended.uid}/unsuspend`, { actor: admin }),
    );
    // delete_user
    const deleted = await createActor(t.app, 'buyer');
    expectOk(await call(t.app, 'DELETE', `/api/user/delete/${deleted.uid}`, { actor: admin }));
    // dismiss_report
    const reporter = await createActor(t.app, 'buyer');
    const reported = await createProductAs(t.app, seller, { name: 'Reported laptop' });
    expectOk(await call(t.app, 'PUT', `/api/product/report/${reported}`, { actor: reporter }));
    expectOk(
      await call(t.app, 'POST', `/api/reported/products/${reported}/dismiss`, { actor: admin }),
    );
    // delete_listing, by an admin; the seller's own deletion writes no row
    const removed = await createProductAs(t.app, seller, { name: 'Removed laptop' });
    expectOk(await call(t.app, 'DELETE', `/api/delete/product/${removed}`, { actor: admin }));
    const own = await createProductAs(t.app, seller, { name: 'Own laptop' });
    expectOk(await call(t.app, 'DELETE', `/api/delete/product/${own}`, { actor: seller }));
    // resolve_complaint
    const disputed = await handedOver(t.app, await createProductAs(t.app, seller));
    expectOk(
      await call(t.app, 'POST', `/api/bookings/${disputed.bookingId}/dispute`, {
        actor: disputed.buyer,
        payload: { reason: 'not_working', text: 'It does not boot.' },
      }),
    );
    expectOk(
      await call(t.app, 'POST', `/api/disputes/${disputed.bookingId}/resolve`, {
        actor: admin,
        payload: { outcome: 'refund' },
      }),
    );
    // hide_review
    const reviewedSale = await handedOver(t.app, await createProductAs(t.app, seller));
    const written = await call(t.app, 'POST', `/api/bookings/${reviewedSale.bookingId}/review`, {
      actor: reviewedSale.buyer,
      payload: { rating: 1, text: 'Rude.' },
    });
    expectOk(written);
    const reviewId = written.json<OwnReview>()._id;
    expectOk(await call(t.app, 'DELETE', `/api/reviews/${reviewId}`, { actor: admin }));
    // Hiding it again changes nothing and writes nothing.
    expectOk(await call(t.app, 'DELETE', `/api/reviews/${reviewId}`, { actor: admin }));

    const entries = await auditLog(admin);
    expect(entries.map(({ action, target }) => [action, target.type, target._id])).toEqual([
      ['hide_review', 'review', reviewId],
      ['resolve_complaint', 'booking', disputed.bookingId],
      ['delete_listing', 'listing', removed],
      ['dismiss_report', 'listing', reported],
      ['delete_user', 'user', deleted.uid],
      ['unsuspend', 'user', suspended.uid],
      ['suspend', 'user', suspended.uid],
      ['unverify', 'user', seller.uid],
      ['verify', 'user', seller.uid],
    ]);
    expect(entries.every((entry) => entry.admin._id === admin.uid)).toBe(true);
    expect(entries.find((entry) => entry.action === 'delete_listing')).toMatchObject({
      target: { label: 'Removed laptop' },
    });
    expect(entries.find((entry) => entry.action === 'resolve_complaint')?.changes).toMatchObject({
      outcome: 'refund',
      refundCents: 54_950,
    });
    expect(entries.find((entry) => entry.action === 'hide_review')?.changes).toEqual({ rating: 1 });
    const times = entries.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const pages = await pagesOf(t.app, '/api/admin/audit?limit=4', admin);
    expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual(entries.map((entry) => entry._id));
    const first = await call(t.app, 'GET', '/api/admin/audit?limit=4', { actor: admin });
    expect(nextLink(first)).toMatch(/^\/api\/admin\/audit\?.*cursor=/);
  });

  it('refuses to change or remove a row, and a refused action writes none', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    expect(
      (await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, { actor: admin }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.db.select().from(adminActions);
    expect(row?.action).toBe('verify');

    /** What the database said when it refused `statement`. */
    const refusal = async (statement: PromiseLike<unknown>): Promise<string> => {
      try {
        await statement;
      } catch (error) {
        const { message, cause } = error as Error & { cause?: Error };
        return `${message} ${cause?.message ?? ''}`;
      }
      return 'not refused';
    };
    const id = row?.id ?? '';
    expect(
      await refusal(
        t.db.update(adminActions).set({ reason: 'rewritten' }).where(eq(adminActions.id, id)),
      ),
    ).toContain('admin_actions is append-only: UPDATE refused');
    expect(await refusal(t.db.delete(adminActions).where(eq(adminActions.id, id)))).toContain(
      'admin_actions is append-only: DELETE refused',
    );
    expect(await refusal(t.db.execute(sql`delete from admin_actions`))).toContain('append-only');
    expect(await t.db.select().from(adminActions)).toEqual([row]);

    // Refused actions: suspending an admin, unverifying a buyer, dismissing nothing.
    const otherAdmin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const refused = [
      await call(t.app, 'POST', `/api/admin/users/${otherAdmin.uid}/suspend`, {
        actor: admin,
        payload: { until: inDays(1), reason: 'No' },
      }),
      await call(t.app, 'POST', `/api/admin/users/${buyer.uid}/unverify`, { actor: admin }),
      await call(t.app, 'POST', `/api/reported/products/${UNKNOWN_ID}/dismiss`, { actor: admin }),
      await call(t.app, 'DELETE', `/api/user/delete/${UNKNOWN_ID}`, { actor: admin }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 404, 404, 404]);
    expect(await t.db.select().from(adminActions)).toEqual([row]);
  });

  it('is for admins only', async () => {
    const buyer = await createActor(t.app, 'buyer');
    const seller = await createActor(t.app, 'seller');
    for (const actor of [buyer, seller]) {
      const response = await call(t.app, 'GET', '/api/admin/audit', { actor });
      expect(response.statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/audit')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  const named = async (name: string, role: 'buyer' | 'seller') => {
    const actor = await createActor(t.app, role);
    await t.db.update(users).set({ name }).where(eq(users.id, actor.uid));
    return actor;
  };
  const search = async (admin: Actor, query: string) => {
    const response = await call(t.app, 'GET', `/api/admin/users${query}`, { actor: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('finds users by a part of the name or the email, by role and by status, never showing a password hash', async () => {
    const admin = await createActor(t.app, 'admin');
    const robin = await named('Robin Reyes', 'buyer');
    const robert = await named('Robert Stone', 'seller');
    const alex = await named('Alex Kim', 'seller');
    await call(t.app, 'POST', `/api/admin/users/${alex.uid}/suspend`, {
      actor: admin,
      payload: { until: inDays(3), reason: 'Spam' },
    });
    const deleted = await named('Robin Gone', 'buyer');
    await call(t.app, 'DELETE', `/api/user/delete/${deleted.uid}`, { actor: admin });

    expect(idsOf(await search(admin, '?q=rob'))).toEqual([robert.uid, robin.uid]);
    expect(idsOf(await search(admin, '?q=REYES'))).toEqual([robin.uid]);
    const emailPart = robert.email.slice(0, robert.email.indexOf('@'));
    expect(idsOf(await search(admin, `?q=${encodeURIComponent(emailPart)}`))).toEqual([robert.uid]);
    expect(idsOf(await search(admin, '?role=seller'))).toEqual([alex.uid, robert.uid]);
    expect(idsOf(await search(admin, '?role=admin'))).toContain(admin.uid);
    expect(idsOf(await search(admin, '?status=suspended'))).toEqual([alex.uid]);
    const active = idsOf(await search(admin, '?status=active&role=seller'));
    expect(active).toEqual([robert.uid]);
    expect(idsOf(await search(admin, '?q=%25'))).toEqual([]);

    const suspendedRow = (await search(admin, '?status=suspended')).json<AdminUser[]>()[0];
    expect(suspendedRow).toMatchObject({
      _id: alex.uid,
      userName: 'Alex Kim',
      userEmail: alex.email,
      role: 'seller',
      verify: false,
      status: 'suspended',
      suspensionReason: 'Spam',
      joinedAt: expect.any(String),
    });
    const everyone = await search(admin, '?limit=100');
    expect(everyone.body).not.toMatch(/password|\$argon2|\$scrypt|hash/i);
    expect(idsOf(everyone)).not.toContain(deleted.uid);
  });

  it('pages newest first by keyset with the Link header', async () => {
    const admin = await createActor(t.app, 'admin');
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      created.unshift((await createActor(t.app, 'buyer')).uid);
    }
    expect(await pagesOf(t.app, '/api/admin/users?role=buyer&limit=2', admin)).toEqual([
      created.slice(0, 2),
      created.slice(2, 4),
      created.slice(4),
    ]);
    const offset = await call(t.app, 'GET', '/api/admin/users?offset=2', { actor: admin });
    expect(offset.statusCode).toBe(400);
    const badRole = await call(t.app, 'GET', '/api/admin/users?role=owner', { actor: admin });
    expect(badRole.statusCode).toBe(400);
    expect(errorPaths(badRole)).toEqual(['querystring.role']);
  });

  it('is for admins only', async () => {
    for (const role of ['buyer', 'seller'] as const) {
      const actor = await createActor(t.app, role);
      expect((await call(t.app, 'GET', '/api/admin/users', { actor })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/users')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/bookings', () => {
  it('filters by status, funds and a booking id, buyer email or seller name, and shows a refund', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    await t.db.update(users).set({ name: 'Quinn Laptops' }).where(eq(users.id, seller.uid));
    const buyer = await createActor(t.app, 'buyer');
    const unpaidProduct = await createProductAs(t.app, seller, { name: 'Unpaid one' });
    const unpaid = await bookAs(t.app, buyer, unpaidProduct);
    const sold = await sellProduct(
      t.app,
      await createProductAs(t.app, seller, { name: 'Paid one' }),
    );
    const refunded = await sellProduct(
      t.app,
      await createProductAs(t.app, seller, { name: 'Refunded one' }),
    );
    const cancelled = await call(t.app, 'POST', `/api/bookings/${refunded.bookingId}/cancel`, {
      actor: refunded.buyer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await queueSettled(t.db, 'refund');
    const list = async (query: string) => {
      const response = await call(t.app, 'GET', `/api/admin/bookings${query}`, { actor: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };

    expect(idsOf(await list(''))).toEqual([refunded.bookingId, sold.bookingId, unpaid]);
    expect(idsOf(await list('?status=unpaid'))).toEqual([unpaid]);
    expect(idsOf(await list('?status=paid'))).toEqual([sold.bookingId]);
    expect(idsOf(await list('?funds=held'))).toEqual([sold.bookingId]);
    expect(idsOf(await list('?funds=refunded'))).toEqual([refunded.bookingId]);
    expect(idsOf(await list(`?q=${refunded.bookingId}`))).toEqual([refunded.bookingId]);
    expect(idsOf(await list(`?q=${encodeURIComponent(buyer.email)}`))).toEqual([unpaid]);
    expect(idsOf(await list('?q=quinn'))).toHaveLength(3);
    expect(idsOf(await list('?q=quinn&status=cancelled'))).toEqual([refunded.bookingId]);
    expect(idsOf(await list('?q=nobody-like-this'))).toEqual([]);

    const [row] = (await list(`?q=${refunded.bookingId}`)).json<AdminBooking[]>();
    expect(row).toMatchObject({
      _id: refunded.bookingId,
      product: { name: 'Refunded one' },
      price: 549.5,
      buyer: { _id: refunded.buyer.uid, email: refunded.buyer.email },
      seller: { _id: seller.uid, name: 'Quinn Laptops', email: seller.email },
      status: 'cancelled',
      funds: 'refunded',
      cancelledBy: 'buyer',
      cancelledAt: expect.any(String),
      paidAt: expect.any(String),
      refund: { status: 'refunded', amount: 549.5 },
    });
    const [open] = (await list(`?q=${unpaid}`)).json<AdminBooking[]>();
    expect(open).toMatchObject({ status: 'unpaid', funds: 'none', refund: null, paidAt: null });

    const pages = await pagesOf(t.app, '/api/admin/bookings?limit=2', admin);
    expect(pages).toEqual([[refunded.bookingId, sold.bookingId], [unpaid]]);
    const badStatus = await call(t.app, 'GET', '/api/admin/bookings?status=lost', { actor: admin });
    expect(badStatus.statusCode).toBe(400);
    expect(errorPaths(badStatus)).toEqual(['querystring.status']);
  });

  it('is for admins only', async () => {
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    for (const actor of [buyer, seller]) {
      const response = await call(t.app, 'GET', '/api/admin/bookings', { actor });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await call(t.app, 'GET', '/api/admin/bookings')).statusCode).toBe(401);
  });
});
