import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BookingSide, Message, MessageSender } from '@reloop/shared';
import { Loaded } from '../../../components/loaded.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** The senders' names, where the reader knows them. */
export type PartyNames = Partial<Record<MessageSender, string | null>>;

/**
 * What a sender is called where its name is not known; an admin, who writes only while a
 * complaint is open, speaks for Reloop rather than by name.
 */
export const SIDE_NAMES: Record<MessageSender, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Reloop team',
};

/**
 * A conversation's messages (`thread`: a booking's, or one before booking) as chat bubbles,
 * oldest first: the reader's own on the right, as "You". An admin (no `reader`) sees the buyer on
 * the left and the seller on the right. Whenever a message arrives the list scrolls to it.
 */
export function MessageList({
  thread,
  reader,
  names,
}: {
  thread: UseQueryResult<Message[]>;
  reader: BookingSide | undefined;
  names: PartyNames;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = thread.data?.length ?? 0;
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [count]);

  return (
    <Loaded query={thread} label="Loading messages">
      {(messages) =>
        messages.length === 0 ? (
          <p className="text-base-content/70 py-8 text-center">No messages yet — say hello</p>
        ) : (
          <div
            ref={scroller}
            role="log"
            aria-label="Messages"
            className="bg-base-200 rounded-box max-h-[60vh] overflow-y-auto p-3"
          >
            <ol>
              {messages.map((message) => {
                const own = message.from === reader;
                const onRight = reader ? own : message.from === 'seller';
                return (
                  <li key={message._id} className={`chat ${onRight ? 'chat-end' : 'chat-start'}`}>
                    <div className="chat-header gap-2">
                      {own ? 'You' : (names[message.from] ?? SIDE_NAMES[message.from])}
                      <time dateTime={message.createdAt} className="text-xs opacity-70">
                        {formatDateTime(message.createdAt)}
                      </time>
                    </div>
                    <p
                      className={`chat-bubble break-words whitespace-pre-wrap ${own ? 'chat-bubble-primary' : ''}`}
                    >
                      {message.text}
                    </p>
                  </li>
                );
              })}
            </ol>
          </div>
        )
      }
    </Loaded>
  );
}
