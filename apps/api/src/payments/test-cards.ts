/**
 * The card rules of the built-in test provider, following Stripe's test cards, so the same
 * numbers work whichever provider is configured.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck = { ok: true } | { ok: false; code: string; message: string };

const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkTestCard(card: CardDetails, now: Date = new Date()): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const expired =
    year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1);
  if (expired) {
    return {
      ok: false,
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is in the past.",
    };
  }
  const decline = DECLINES[number];
  return decline ? { ok: false, ...decline } : { ok: true };
}
