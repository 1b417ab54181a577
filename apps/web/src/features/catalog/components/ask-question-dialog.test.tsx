import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, QuestionAsked } from '@reloop/shared';
import { messages } from '@reloop/shared/messages';
import { listedProductDetail } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const listing: ProductDetail = { ...listedProductDetail, batteryHealth: null, sellerRating: null };
const { sellerId } = listing;
const ASK = `/api/product/${listing._id}/questions`;
const questionId = '77777777-7777-4777-8777-777777777777';
const asked = (changes: Partial<QuestionAsked> = {}): QuestionAsked => ({
  questionId,
  bookingId: null,
  productId: listing._id,
  productName: listing.name,
  messages: [
    {
      _id: '88888888-8888-4888-8888-888888888888',
      from: 'buyer',
      text: 'Is the charger included?',
      createdAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  ...changes,
});

/** The listing's page, for `who` (nobody when signed out), with `ask` answering the question. */
function openListing(
  who: Record<string, MockHandler>,
  ask: MockHandler = { status: 201, body: asked() },
  shown: ProductDetail = listing,
) {
  const api = mockApi({
    ...who,
    [`GET /api/product/${listing._id}`]: { body: shown },
    [`GET /api/search?sellerId=${sellerId}&limit=5`]: { body: [] },
    'GET /api/bookings': { body: [] },
    'GET /api/notifications': { body: { unread: 0, unreadMessages: 0, notifications: [] } },
    [`POST ${ASK}`]: ask,
  });
  return { ...api, ...renderApp(`/product/${listing._id}`) };
}

const askButton = () => screen.findByRole('button', { name: 'Ask the seller' });
const question = () => screen.getByRole('textbox', { name: 'Your question' });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('asking the seller from the listing page', () => {
  it('sends a question without booking, then leads to the conversation', async () => {
    const { calls } = openListing(signedInAs('buyer'));
    fireEvent.click(await askButton());
    expect(
      await screen.findByRole('dialog', { name: /Ask the seller about ThinkPad T14/ }),
    ).toBeTruthy();
    expect(screen.getByText(/Your phone number and email address are not shared/)).toBeTruthy();
    fireEvent.change(question(), { target: { value: '  Is the charger included?  ' } });
    send();
    expect(await screen.findByText(/Your question was sent/)).toBeTruthy();
    expect(calls.filter((call) => call.path === ASK).map((call) => call.body)).toEqual([
      { text: 'Is the charger included?' },
    ]);
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      `/dashboard/questions/${questionId}`,
    );
  });

  it('leads to the booking’s messages when the question went into the buyer’s booking', async () => {
    const bookingId = '99999999-9999-4999-8999-999999999999';
    openListing(signedInAs('buyer'), { status: 201, body: asked({ bookingId }) });
    fireEvent.click(await askButton());
    fireEvent.change(question(), { target: { value: 'Can we meet earlier?' } });
    send();
    const link = await screen.findByRole('link', { name: 'Open the conversation' });
    expect(link.getAttribute('href')).toBe(`/dashboard/orders/${bookingId}/messages`);
  });

  it('checks the question by the rules the server uses, and sends nothing empty', async () => {
    const { calls } = openListing(signedInAs('buyer'));
    fireEvent.click(await askButton());
    send();
    expect(await screen.findByText('Your question is required')).toBeTruthy();
    expect(calls.some((call) => call.path === ASK)).toBe(false);
  });

  it('keeps the question and shows why when the server refuses it', async () => {
    openListing(signedInAs('buyer'), {
      status: 429,
      body: { message: messages.tooManyRequests },
      headers: { 'retry-after': '30' },
    });
    fireEvent.click(await askButton());
    fireEvent.change(question(), { target: { value: 'Still available?' } });
    send();
    expect(await screen.findByText(messages.tooManyRequests)).toBeTruthy();
    expect(question()).toHaveProperty('value', 'Still available?');
  });

  it('asks a visitor to log in first', async () => {
    openListing({});
    const login = await screen.findByRole('link', { name: 'Log in to ask the seller' });
    expect(login.getAttribute('href')).toBe('/login');
  });

  it('is not offered to the listing’s own seller, nor on a sold listing', async () => {
    openListing(signedInAs('seller', { uid: sellerId }));
    await screen.findByRole('heading', { name: listing.name });
    await screen.findByRole('button', { name: /Report/ });
    expect(screen.queryByRole('button', { name: 'Ask the seller' })).toBeNull();
  });

  it('is not offered on a sold listing', async () => {
    openListing(signedInAs('buyer'), undefined, { ...listing, status: 'sold' });
    await screen.findByText(/Sold: this laptop is no longer for sale/);
    expect(screen.queryByRole('button', { name: 'Ask the seller' })).toBeNull();
  });
});
