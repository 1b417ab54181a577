import { useState, type FormEvent } from 'react';
import type { CardInput } from '../api/payments.ts';
import { PayButton } from './pay-button.tsx';

/**
 * The card form for the built-in test provider: the same fields Stripe's card element has,
 * checked here, then confirmed by the API with Stripe's test card numbers.
 */
export interface CardFormProps {
  payLabel: string;
  disabled: boolean;
  processing: boolean;
  /** The provider's card error, shown in red under the form. */
  cardError: string | null;
  onPay: (card: CardInput) => void;
}

const groupsOfFour = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

export function TestCardForm({ payLabel, disabled, processing, cardError, onPay }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseExpiry(expiry);
    if (number.replace(/\D/g, '').length < 12) return setFormError('Enter the card number');
    if (!parsed) return setFormError('Enter the expiry date as MM/YY');
    if (!/^\d{3,4}$/.test(cvc)) return setFormError('Enter the 3 or 4 digit security code');
    setFormError(null);
    onPay({ number: number.replace(/\s/g, ''), cvc, ...parsed });
  };

  const error = formError ?? cardError;
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-describedby="card-error">
      <label htmlFor="card-number">
        <span className="mb-1 block text-sm">Card number</span>
        <input
          id="card-number"
          className="input input-bordered w-full font-mono"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(event) => setNumber(groupsOfFour(event.target.value))}
        />
      </label>
      <div className="grid grid-cols-2 gap-4">
        <label htmlFor="card-expiry">
          <span className="mb-1 block text-sm">Expiry (MM/YY)</span>
          <input
            id="card-expiry"
            className="input input-bordered w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value.slice(0, 7))}
          />
        </label>
        <label htmlFor="card-cvc">
          <span className="mb-1 block text-sm">CVC</span>
          <input
            id="card-cvc"
            className="input input-bordered w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </label>
      </div>
      <p className="text-base-content/70 text-sm">
        Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and
        any CVC.
      </p>
      <PayButton label={payLabel} disabled={disabled} processing={processing} error={error} />
    </form>
  );
}
