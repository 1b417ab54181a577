import { useEffect } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';

/** A static page answering four questions developers ask about how Reloop is built. */
const posts = [
  {
    question: 'What are the different ways to manage state in a React application?',
    answer:
      'Local state lives in a component with useState or useReducer and is the right default. State several components share can be lifted to a common parent or provided through Context. Data that comes from a server is best kept in a server-state cache such as TanStack Query, which handles loading, caching and refetching. Global client state that changes often (a cart, an editor) can use a store such as Redux Toolkit or Zustand, and the URL itself is state worth using for filters and pages.',
  },
  {
    question: 'How does token-based authentication (JWT) work?',
    answer:
      'After signing in, the server issues a JSON Web Token: a signed statement of who the user is and until when. The browser sends it with each request in the Authorization header, and the server checks the signature instead of looking up a password again. Because a signature alone cannot be taken back, a careful server also ties tokens to a session it can revoke, keeps lifetimes short, and never puts secrets in the token, which anyone can read.',
  },
  {
    question: 'What is unit testing and why should we do it?',
    answer:
      'A unit test checks one small piece of code — a function, a component — on its own, with known inputs and expected outputs. Unit tests run in milliseconds, so they catch mistakes while the code is fresh in mind, and they make refactoring safe because a change that breaks behaviour fails a test at once. They also document what the code is meant to do. They complement, not replace, tests of whole journeys through the running system.',
  },
  {
    question: 'React vs. Angular vs. Vue: how do they differ?',
    answer:
      'React is a library for building UI from components with JSX; routing, data fetching and forms come from separate libraries you choose. Angular is a complete framework in TypeScript with dependency injection, routing, forms and HTTP built in, which suits large teams that want one way of doing things. Vue sits between them: approachable single-file components with templates, an official router and store, and a gentle learning curve. All three are fast enough; the choice is mostly about team and ecosystem.',
  },
];

export function Component() {
  usePageTitle('Blog');
  useEffect(() => {
    const previous = document.title;
    document.title = 'Blog';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-8 text-4xl font-bold">Blog</h1>
      <div className="grid gap-6">
        {posts.map((post) => (
          <article key={post.question} className="card bg-base-200">
            <div className="card-body">
              <h2 className="card-title">{post.question}</h2>
              <p className="leading-relaxed">{post.answer}</p>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
