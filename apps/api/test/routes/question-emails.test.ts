import { beforeEach, describe, expect, it } from 'vitest';
import type { QuestionAsked } from '@reloop/shared';
import { call } from '../helpers/behaviour.ts';
import { type Mailbox } from '../helpers/mailbox.ts';
import { emailsSettled, PUBLIC_URL, useMailedApp, verifyAddress } from '../helpers/mailed-app.ts';
import { createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { type TestApp } from '../helpers/test-app.ts';

/**
 * The emails of questions before booking (DESIGN §17), received over real SMTP: the other person
 * is told under their messages preference, with a link to the conversation, once per 15 minutes
 * of a conversation, and never with the sender's email address or phone.
 */
const PRODUCT = 'ThinkPad T14 Gen 2';
let mailbox: Mailbox;
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
useMailedApp((running) => ({ mailbox, t } = running));
beforeEach(async () => {
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller, { name: PRODUCT });
  await verifyAddress(t.app, mailbox, seller.email);
  await verifyAddress(t.app, mailbox, buyer.email);
});

async function ask(text: string): Promise<string> {
  const response = await call(t.app, 'POST', `/api/product/${productId}/questions`, {
    actor: buyer,
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { questionId } = response.json<QuestionAsked>();
  if (!questionId) throw new Error('no conversation');
  return questionId;
}

const subjectsTo = (actor: Actor) =>
  mailbox
    .to(actor.email)
    .map((email) => email.subject)
    .filter((subject) => subject !== 'Confirm your email address for Reloop');

describe('question emails', () => {
  it('tell the seller of a question and the asker of the answer, once a burst', async () => {
    const questionId = await ask('Is the battery original?');
    await ask('And the charger?');
    const question = await mailbox.receive(seller.email, {
      subject: `A question about ${PRODUCT}`,
    });
    const link = question.link('/dashboard/questions/' + questionId);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(question.text).toContain(`A buyer asked about ${PRODUCT}:`);
    expect(question.text).toContain('“And the charger?”');
    expect(question.text).not.toContain(buyer.email);

    const answered = await call(t.app, 'POST', `/api/questions/${questionId}/messages`, {
      actor: seller,
      payload: { text: 'Both original.' },
    });
    expect(answered.statusCode).toBe(201);
    const answer = await mailbox.receive(buyer.email, { subject: `An answer about ${PRODUCT}` });
    expect(answer.text).toContain(`A seller wrote about ${PRODUCT}:`);
    expect(answer.text).toContain('“Both original.”');
    expect(answer.text).not.toContain(seller.email);

    await emailsSettled(t.db);
    expect(subjectsTo(seller)).toEqual([`A question about ${PRODUCT}`]);
    expect(subjectsTo(buyer)).toEqual([`An answer about ${PRODUCT}`]);
  });

  it('are not sent to someone who turned message emails off', async () => {
    const off = await call(t.app, 'PUT', '/api/auth/notifications', {
      actor: seller,
      payload: {
        bookings: true,
        messages: false,
        reviews: true,
        watchlist: true,
        savedSearches: true,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    await ask('Still for sale?');
    await emailsSettled(t.db);
    expect(subjectsTo(seller)).toEqual([]);
  });
});
