import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@reloop/shared';
import { listedProduct, paidBooking, paidSale } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const bookingId = paidBooking._id;
const THREAD = `/api/bookings/${bookingId}/messages`;

const message = (index: number, from: Message['from'], text: string): Message => ({
  _id: `99999999-9999-4999-8999-${String(index).padStart(12, '0')}`,
  from,
  text,
  createdAt: `2026-11-21T10:0${index}:00.000Z`,
});
const note = message(1, 'buyer', 'Please bring the charger');
const reply = message(2, 'seller', 'Sure, see you at the library');

/** The buyer's conversation about the paid ThinkPad, with `routes` answering as well. */
function openBuyerThread(routes: Record<string, MockHandler> = {}) {
  const api = mockApi({
    ...signedInAs('buyer'),
    [`GET /api/booking/${bookingId}`]: { body: { ...paidBooking, note: note.text } },
    [`GET ${THREAD}`]: { body: [note, reply] },
    ...routes,
  });
  return { ...api, ...renderApp(`/dashboard/orders/${bookingId}/messages`) };
}

const composer = () => screen.getByRole('textbox', { name: 'Message' });
const type = (text: string) => fireEvent.change(composer(), { target: { value: text } });

afterEach(() => {
  vi.useRealTimers();
});

describe('a booking’s conversation', () => {
  it('shows the booking and its messages, the reader’s own on the right as "You"', async () => {
    openBuyerThread();
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(screen.getByText('Paid', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '5125550123' }).getAttribute('href')).toBe(
      'tel:5125550123',
    );
    expect(screen.getByRole('link', { name: '← Back to My Orders' }).getAttribute('href')).toBe(
      '/dashboard/orders',
    );
    const log = within(await screen.findByRole('log', { name: 'Messages' }));
    const [first, second] = log.getAllByRole('listitem');
    // The booking's note opens the conversation.
    expect(first?.textContent).toContain('You');
    expect(first?.textContent).toContain('Please bring the charger');
    expect(first?.className).toContain('chat-end');
    expect(second?.textContent).toContain('Sam Sellers');
    expect(second?.className).toContain('chat-start');
  });

  it('names an admin writing about a complaint as the Reloop team', async () => {
    const answer = message(3, 'admin', 'Could you send a photo of the screen?');
    openBuyerThread({ [`GET ${THREAD}`]: { body: [note, reply, answer] } });
    const log = within(await screen.findByRole('log', { name: 'Messages' }));
    const third = log.getAllByRole('listitem')[2];
    expect(third?.textContent).toContain('Reloop team');
    expect(third?.textContent).toContain('Could you send a photo of the screen?');
    expect(third?.className).toContain('chat-start');
  });

  it('sends with Enter, then shows the message and empties the box', async () => {
    let sent: Message[] = [];
    const { calls } = openBuyerThread({
      [`GET ${THREAD}`]: () => ({ body: [note, reply, ...sent] }),
      [`POST ${THREAD}`]: ({ body }) => {
        const created = message(3, 'buyer', (body as { text: string }).text);
        sent = [created];
        return { status: 201, body: created };
      },
    });
    await screen.findByRole('log');
    type('  On my way  ');
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(await screen.findByText('On my way')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'On my way' });
    await waitFor(() => expect(composer()).toHaveProperty('value', ''));
  });

  it('keeps what was typed when sending fails, and says why', async () => {
    openBuyerThread({
      [`POST ${THREAD}`]: {
        status: 429,
        body: { message: 'Too many requests, slow down and try again shortly' },
      },
    });
    await screen.findByRole('log');
    type('Are you there?');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Too many requests, slow down and try again shortly'),
    ).toBeTruthy();
    expect(composer()).toHaveProperty('value', 'Are you there?');
  });

  it('checks the message by the rules the server uses', async () => {
    const { calls } = openBuyerThread();
    await screen.findByRole('log');
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    type('x'.repeat(1900));
    expect(screen.getByText('1900 / 2000')).toBeTruthy();
  });

  it('shows new messages as they arrive, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let thread = [note];
    openBuyerThread({ [`GET ${THREAD}`]: () => ({ body: thread }) });
    await screen.findByText('Please bring the charger');
    thread = [note, reply];
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(await screen.findByText('Sure, see you at the library')).toBeTruthy();
  });

  it('invites the first message of an empty conversation', async () => {
    openBuyerThread({ [`GET ${THREAD}`]: { body: [] } });
    expect(await screen.findByText('No messages yet — say hello')).toBeTruthy();
    expect(composer()).toBeTruthy();
  });

  it('closes the conversation once the product went to another buyer', async () => {
    openBuyerThread({
      [`GET /api/booking/${bookingId}`]: { body: { ...paidBooking, status: 'closed' } },
    });
    expect(
      await screen.findByText('This conversation is closed: the laptop was sold to another buyer.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it("shows the seller the buyer's name and phone, from the seller's side", async () => {
    mockApi({
      ...signedInAs('seller'),
      [`GET /api/sales/${bookingId}`]: { body: paidSale },
      [`GET ${THREAD}`]: { body: [note, reply] },
    });
    renderApp(`/dashboard/sales/${bookingId}/messages`);
    const log = within(await screen.findByRole('log'));
    const [first, second] = log.getAllByRole('listitem');
    expect(first?.textContent).toContain('Test buyer');
    expect(second?.textContent).toContain('You');
    expect(screen.getByRole('link', { name: '5125550199' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to My Sales' })).toBeTruthy();
  });

  it('shows the error when the conversation cannot be loaded', async () => {
    openBuyerThread({
      [`GET ${THREAD}`]: { status: 500, body: { message: 'The database is not reachable' } },
    });
    expect(await screen.findByText('The database is not reachable')).toBeTruthy();
  });
});

describe('the conversations of a reported product (admin)', () => {
  const productId = paidSale.productId;
  const threads = [
    {
      bookingId,
      buyerName: 'Test buyer',
      status: 'paid',
      messages: 2,
      lastMessageAt: reply.createdAt,
    },
  ];

  it('lists them, each opening read-only', async () => {
    const { calls } = mockApi({
      ...signedInAs('admin'),
      [`GET /api/reported/products/${productId}/threads`]: { body: threads },
      [`GET ${THREAD}`]: { body: [note, reply] },
    });
    renderApp(`/dashboard/report/${productId}/threads`);
    expect(await screen.findByText('2 messages', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Read the conversation with Test buyer' }));
    expect(
      await screen.findByRole('heading', { name: 'Conversation with Test buyer' }),
    ).toBeTruthy();
    const log = within(await screen.findByRole('log'));
    const [first, second] = log.getAllByRole('listitem');
    expect(first?.textContent).toContain('Test buyer');
    expect(second?.textContent).toContain('Seller');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is reached from the reported products', async () => {
    mockApi({
      ...signedInAs('admin'),
      'GET /api/reported/products?limit=24': {
        body: [{ ...listedProduct, report: true }],
      },
    });
    renderApp('/dashboard/report');
    const link = await screen.findByRole('link', { name: 'Conversations about ThinkPad T14' });
    expect(link.getAttribute('href')).toBe(`/dashboard/report/${productId}/threads`);
  });
});
