import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message, Question, QuestionSummary } from '@reloop/shared';
import { messages } from '@reloop/shared/messages';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const questionId = '77777777-7777-4777-8777-777777777777';
const productId = '11111111-1111-4111-8111-111111111111';
const summary = (index: number, changes: Partial<QuestionSummary> = {}): QuestionSummary => ({
  _id: `77777777-7777-4777-8777-77777777777${index}`,
  productId,
  productName: `ThinkPad T${index}`,
  productImg: '/api/images/t14.jpg',
  side: 'buyer',
  otherName: 'Sam Sellers',
  bookingId: null,
  lastMessageAt: '2026-11-27T10:00:00.000Z',
  unreadMessages: 0,
  ...changes,
});
const message = (index: number, from: Message['from'], text: string): Message => ({
  _id: `99999999-9999-4999-8999-${String(index).padStart(12, '0')}`,
  from,
  text,
  createdAt: `2026-11-27T10:0${index}:00.000Z`,
});
const conversation = (changes: Partial<Question> = {}): Question => ({
  _id: questionId,
  productId,
  productName: 'ThinkPad T14',
  productImg: '/api/images/t14.jpg',
  side: 'seller',
  otherName: 'Bea Buyer',
  bookingId: null,
  messages: [message(1, 'buyer', 'Is the charger included?')],
  ...changes,
});

function open(path: string, routes: Record<string, MockHandler>) {
  const api = mockApi({
    ...signedInAs('seller'),
    'GET /api/notifications': { body: { unread: 0, unreadMessages: 0, notifications: [] } },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

describe('the questions page', () => {
  it('lists the conversations asked and answered, with the other person and unread ones', async () => {
    open('/dashboard/questions', {
      'GET /api/questions': {
        body: [
          summary(1, { side: 'seller', otherName: 'Bea Buyer', unreadMessages: 2 }),
          summary(2),
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Questions' })).toBeTruthy();
    const first = await screen.findByRole('link', { name: 'ThinkPad T1' });
    expect(first.getAttribute('href')).toBe(`/dashboard/questions/${summary(1)._id}`);
    const [, firstRow, secondRow] = screen.getAllByRole('row');
    expect(firstRow?.textContent).toContain('2 unread');
    expect(firstRow?.textContent).toContain('Bea Buyer (buyer)');
    expect(secondRow?.textContent).toContain('Sam Sellers (seller)');
    expect(secondRow?.textContent).not.toContain('unread');
    // The drawer leads here for every role.
    expect(screen.getByRole('link', { name: 'Questions' }).getAttribute('href')).toBe(
      '/dashboard/questions',
    );
  });

  it('says when there are none', async () => {
    open('/dashboard/questions', { 'GET /api/questions': { body: [] } });
    expect(await screen.findByText(/No questions yet/)).toBeTruthy();
  });

  it('shows the server’s message when the list fails', async () => {
    open('/dashboard/questions', {
      'GET /api/questions': { status: 503, body: { message: messages.databaseUnavailable } },
    });
    expect(await screen.findByText(messages.databaseUnavailable)).toBeTruthy();
  });
});

describe('a conversation before booking', () => {
  const path = `/dashboard/questions/${questionId}`;

  it('shows the laptop, the other person and the messages, and sends an answer', async () => {
    let sent: Message[] = [];
    const { calls } = open(path, {
      [`GET /api/questions/${questionId}`]: () => ({
        body: conversation({ messages: [...conversation().messages, ...sent] }),
      }),
      [`POST /api/questions/${questionId}/messages`]: ({ body }) => {
        const created = message(2, 'seller', (body as { text: string }).text);
        sent = [created];
        return { status: 201, body: created };
      },
    });
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(screen.getByText('Bea Buyer')).toBeTruthy();
    const log = within(await screen.findByRole('log', { name: 'Messages' }));
    expect(log.getByText('Is the charger included?')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Yes, the original one.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log.getByText('Yes, the original one.')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { text: 'Yes, the original one.' },
    ]);
    const own = log.getAllByRole('listitem')[1];
    expect(own?.textContent).toContain('You');
  });

  it('leads to the booking’s messages once the buyer booked, and takes no more here', async () => {
    const bookingId = '99999999-9999-4999-8999-999999999999';
    open(path, { [`GET /api/questions/${questionId}`]: { body: conversation({ bookingId }) } });
    const link = await screen.findByRole('link', { name: 'Open the booking’s messages' });
    expect(link.getAttribute('href')).toBe(`/dashboard/sales/${bookingId}/messages`);
    expect(screen.getByRole('status').textContent).toContain('The buyer booked this laptop');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('says so when the conversation is not there', async () => {
    open(path, {
      [`GET /api/questions/${questionId}`]: {
        status: 404,
        body: { message: messages.questionNotFound },
      },
    });
    expect(await screen.findByText(messages.questionNotFound)).toBeTruthy();
  });
});
