import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuestionMessages } from '../features/messages/api/questions.ts';
import { useThread } from '../features/messages/api/thread.ts';
import { useNotifications } from '../features/notifications/api/notifications.ts';
import { mockApi, type RecordedCall } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import { useLiveEvents } from './live-events.ts';
import { useLiveEventsOpen } from './live-status.ts';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const BOOKING_ID = '22222222-2222-4222-8222-222222222222';
const NOTICE_ID = '33333333-3333-4333-8333-333333333333';
const MESSAGE_ID = '44444444-4444-4444-8444-444444444444';
const QUESTION_ID = '55555555-5555-4555-8555-555555555555';

const THREAD = `/api/bookings/${BOOKING_ID}/messages`;
const QUESTION = `/api/questions/${QUESTION_ID}`;

/** The bell's 30 s poll, and the 2 s the stream waits before it is opened again. */
const BELL_POLL_MS = 30_000;
const RETRY_MS = 2_000;

/** One `GET /api/events` answer, its events written as the test goes. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (opened) => (controller = opened) });
  return {
    response: new Response(body, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    }),
    send(type: string, id: string, data: unknown) {
      const event = `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
      controller.enqueue(new TextEncoder().encode(event));
    },
    /** The connection is lost. */
    fail: () => controller.error(new TypeError('network error')),
    /** The server ended it (an instance closing). */
    end: () => controller.close(),
  };
}
type EventStream = ReturnType<typeof eventStream>;

/**
 * A fake API whose `GET /api/events` answers with `answers` in turn (a stream, a JSON error, or
 * a lost connection once they run out), whose bell counts one more unread on each fetch, and
 * whose conversations (a booking's, one before booking) stay empty.
 */
function liveApi(...answers: (EventStream | { status: number })[]) {
  let unread = 0;
  const { calls, fetchMock } = mockApi({
    'GET /api/notifications': () => ({
      body: { unread: (unread += 1), unreadMessages: 0, notifications: [] },
    }),
    [`GET ${THREAD}`]: { body: [] },
    [`GET ${QUESTION}`]: {
      body: {
        _id: QUESTION_ID,
        productId: BOOKING_ID,
        productName: 'ThinkPad T14',
        productImg: '',
        side: 'buyer',
        otherName: 'Sam Sellers',
        bookingId: null,
        messages: [],
      },
    },
  });
  const streamCalls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/events') return fetchMock(input, init);
    streamCalls.push({
      method: 'GET',
      path: '/api/events',
      body: undefined,
      headers: new Headers(init?.headers),
    });
    const answer = answers.shift();
    if (!answer) throw new TypeError('network error');
    if ('response' in answer) return answer.response;
    return new Response(JSON.stringify({ message: 'Please sign in' }), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const fetchesOf = (path: string) => () => calls.filter((call) => call.path === path).length;
  return {
    answers,
    streamCalls,
    bellFetches: fetchesOf('/api/notifications'),
    threadFetches: fetchesOf(THREAD),
    questionFetches: fetchesOf(QUESTION),
  };
}

/**
 * A tab with the bell, showing whether the stream is open and the unread count it last fetched,
 * and two open conversations: a booking's and one before booking.
 */
function Tab() {
  useLiveEvents(USER_ID);
  const open = useLiveEventsOpen();
  const unread = useNotifications().data?.unread;
  useThread(BOOKING_ID, true);
  useQuestionMessages(QUESTION_ID, true);
  return (
    <p>
      {open ? 'Live' : 'Polling'}, {unread ?? 'loading'} unread
    </p>
  );
}

const renderTab = () => renderApp('/', { routes: [{ path: '/', element: <Tab /> }] });

/** Lets `ms` pass on the fake clock, with what it sets off. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.setItem('jwttoken', 'token-of-buyer');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the live event stream', () => {
  it('opens with the stored token, and while it is open nothing polls', async () => {
    const { streamCalls, bellFetches, threadFetches } = liveApi(eventStream());
    renderTab();
    await screen.findByText('Live, 1 unread');
    expect(streamCalls).toHaveLength(1);
    expect(streamCalls[0]?.headers.get('authorization')).toBe('Bearer token-of-buyer');
    expect(streamCalls[0]?.headers.get('accept')).toBe('text/event-stream');
    await pass(2 * BELL_POLL_MS);
    expect([bellFetches(), threadFetches()]).toEqual([1, 1]);
  });

  it('refetches the bell on a notification, and the conversation and the bell on a message', async () => {
    const stream = eventStream();
    const { bellFetches, threadFetches } = liveApi(stream);
    renderTab();
    await screen.findByText('Live, 1 unread');

    stream.send('notification', '7-1', { _id: NOTICE_ID, kind: 'booked', bookingId: BOOKING_ID });
    await screen.findByText('Live, 2 unread');
    expect(threadFetches()).toBe(1);

    // A thread's next message adds no notification, but the bell's count of unread messages.
    const message = { _id: MESSAGE_ID, from: 'seller', text: 'Hi', createdAt: new Date() };
    stream.send('message', '7-2', { bookingId: BOOKING_ID, message });
    await screen.findByText('Live, 3 unread');
    expect([bellFetches(), threadFetches()]).toEqual([3, 2]);
  });

  it('refetches a conversation before booking on its message, and not a booking’s thread', async () => {
    const stream = eventStream();
    const { threadFetches, questionFetches } = liveApi(stream);
    renderTab();
    await screen.findByText('Live, 1 unread');
    await waitFor(() => expect(questionFetches()).toBe(1));

    const message = { _id: MESSAGE_ID, from: 'seller', text: 'Yes', createdAt: new Date() };
    stream.send('message', '7-3', { bookingId: null, questionId: QUESTION_ID, message });
    await waitFor(() => expect(questionFetches()).toBe(2));
    expect(threadFetches()).toBe(1);
  });

  it('polls again while the stream is lost, and stops once it is back, from the last event', async () => {
    const lost = eventStream();
    const { answers, streamCalls, bellFetches } = liveApi(lost, { status: 503 });
    renderTab();
    await screen.findByText('Live, 1 unread');
    lost.send('notification', '7-1', { _id: NOTICE_ID, kind: 'paid', bookingId: BOOKING_ID });
    await screen.findByText('Live, 2 unread');

    lost.fail();
    await screen.findByText('Polling, 2 unread');
    // A server failing (a proxy's 503 while an instance restarts) is tried again; meanwhile the
    // bell polls.
    await pass(RETRY_MS);
    expect(streamCalls).toHaveLength(2);
    await pass(BELL_POLL_MS);
    expect(streamCalls.length).toBeGreaterThan(2);
    await screen.findByText('Polling, 3 unread');

    // Back, it resumes after the last event it had, refetches what is shown, and stops polling.
    const tried = streamCalls.length;
    answers.push(eventStream());
    await pass(RETRY_MS);
    await screen.findByText('Live, 4 unread');
    expect(streamCalls[tried]?.headers.get('last-event-id')).toBe('7-1');
    await pass(2 * BELL_POLL_MS);
    expect(bellFetches()).toBe(4);
    expect(screen.getByText('Live, 4 unread')).toBeTruthy();
  });

  it('is opened again, from the last event, when the server ends it', async () => {
    const ended = eventStream();
    const { streamCalls } = liveApi(ended, eventStream());
    renderTab();
    await screen.findByText('Live, 1 unread');
    ended.send('booking', '9-4', { bookingId: BOOKING_ID, kind: 'completed' });
    ended.end();
    await screen.findByText('Polling, 1 unread');
    await pass(RETRY_MS);
    await screen.findByText('Live, 2 unread');
    expect(streamCalls[1]?.headers.get('last-event-id')).toBe('9-4');
  });

  it('stops trying when the server refuses the token, and the bell keeps polling', async () => {
    const { streamCalls, bellFetches } = liveApi({ status: 401 }, eventStream());
    renderTab();
    await screen.findByText('Polling, 1 unread');
    await pass(BELL_POLL_MS + RETRY_MS);
    await waitFor(() => expect(bellFetches()).toBe(2));
    expect(streamCalls).toHaveLength(1);
    expect(screen.getByText('Polling, 2 unread')).toBeTruthy();
  });
});
