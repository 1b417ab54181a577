import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, type Params } from 'react-router';
import type { BookingSide } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { ListPage, PhoneCaption, ThumbnailCell } from '../../../components/list-page.tsx';
import { Loaded } from '../../../components/loaded.tsx';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  questionQueryOptions,
  useQuestion,
  useQuestionMessages,
  useQuestions,
  useSendQuestionMessage,
} from '../api/questions.ts';
import { MessageComposer } from '../components/message-composer.tsx';
import { MessageList, SIDE_NAMES } from '../components/message-list.tsx';

type Question = ApiSchema<'Question'>;

/**
 * The conversations before booking (DESIGN §17): /dashboard/questions lists them, and
 * /dashboard/questions/:id is one of them, for its two people.
 */
export function Component() {
  const { id } = useParams();
  return id ? <QuestionPage questionId={id} /> : <QuestionList />;
}

/** A conversation loads while the page's code and the guards are busy. */
export function prefetch(queryClient: QueryClient, { id }: Params) {
  if (id) void queryClient.prefetchQuery(questionQueryOptions(id));
}

function QuestionPage({ questionId }: { questionId: string }) {
  return (
    <Loaded query={useQuestion(questionId)} label="Loading the conversation">
      {(question) => <QuestionThread question={question} />}
    </Loaded>
  );
}

/** Where a booking's conversation is, for each of its sides. */
const BOOKING_THREADS: Record<BookingSide, string> = {
  buyer: '/dashboard/orders',
  seller: '/dashboard/sales',
};

/**
 * The laptop, the other person by name (never their contact details), the messages and the
 * composer. Once the asker books the laptop, the booking's thread has these messages and goes
 * on: the page says so and leads there instead of taking more.
 */
function QuestionThread({ question }: { question: Question }) {
  usePageTitle(`Questions: ${question.productName}`);
  const { _id: questionId, side, bookingId } = question;
  const thread = useQuestionMessages(questionId, bookingId === null);
  const send = useSendQuestionMessage(questionId);
  const other = side === 'buyer' ? 'seller' : 'buyer';
  return (
    <section className="max-w-3xl">
      <Link to="/dashboard/questions" className="link mb-4 inline-block">
        ← Back to Questions
      </Link>
      <header className="mb-4 flex flex-wrap items-center gap-4">
        <img src={question.productImg} alt="" className="h-16 w-20 rounded object-cover" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{question.productName}</h1>
          <p className="mt-1">
            <span className="text-base-content/70">{SIDE_NAMES[other]}: </span>
            {question.otherName || SIDE_NAMES[other]}
            {' · '}
            <Link to={`/product/${question.productId}`} className="link">
              See the listing
            </Link>
          </p>
        </div>
      </header>
      <MessageList thread={thread} reader={side} names={{ [other]: question.otherName || null }} />
      {bookingId ? (
        <p role="status" className="alert mt-4">
          {side === 'buyer' ? 'You booked this laptop' : 'The buyer booked this laptop'}: the
          conversation goes on with the booking.{' '}
          <Link to={`${BOOKING_THREADS[side]}/${bookingId}/messages`} className="link">
            Open the booking’s messages
          </Link>
        </p>
      ) : (
        <MessageComposer send={send.mutateAsync} />
      )}
    </section>
  );
}

/**
 * The user's conversations before booking: the questions they asked about laptops and those asked
 * about theirs, newest activity first, each with the laptop, the other person and how many of
 * their messages are unread.
 */
function QuestionList() {
  usePageTitle('Questions');
  return (
    <ListPage
      title="Questions"
      intro={
        <p className="text-base-content/70 mb-6">
          Questions asked before booking: yours to sellers, and buyers’ about your laptops. No phone
          number or email address is shared.
        </p>
      }
      list={useQuestions()}
      loadingLabel="Loading questions"
      emptyText="No questions yet: ask a seller from a laptop’s page."
      headers={['Image', 'Laptop', 'With', 'Last message']}
      rowKey={(question) => question._id}
      renderRow={(question) => {
        const other = question.side === 'buyer' ? 'seller' : 'buyer';
        return (
          <>
            <ThumbnailCell src={question.productImg} alt={question.productName} />
            <td>
              <Link to={`/dashboard/questions/${question._id}`} className="link font-medium">
                {question.productName}
              </Link>
              {question.unreadMessages > 0 && (
                <span className="badge badge-sm badge-primary ml-2">
                  {question.unreadMessages} <span className="sr-only">unread</span>
                </span>
              )}
            </td>
            <td>
              <PhoneCaption>With</PhoneCaption>
              {question.otherName || uiMessages.displayNameFallback}{' '}
              <span className="text-base-content/70 text-sm">
                ({SIDE_NAMES[other].toLowerCase()})
              </span>
            </td>
            <td>
              <PhoneCaption>Last message</PhoneCaption>
              <time dateTime={question.lastMessageAt}>
                {formatDateTime(question.lastMessageAt)}
              </time>
            </td>
          </>
        );
      }}
    />
  );
}
