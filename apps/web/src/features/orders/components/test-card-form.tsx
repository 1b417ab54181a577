import { useState, type FormEvent } from 'react';
import { Field, describedBy } from '../../../components/form-field.tsx';
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

/** "1230" → "12/30" as it is typed; a slash typed by hand is kept. */
const monthSlashYear = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 || value.includes('/')
    ? `${digits.slice(0, 2)}/${digits.slice(2)}`
    : digits;
};

/** The month and year of an MM/YY expiry that has not passed; null otherwise. */
function parseExpiry(
  value: string,
  now = new Date(),
): Pick<CardInput, 'expMonth' | 'expYear'> | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const expYear = 2000 + Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  const passed =
    expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth <= now.getMonth());
  return passed ? null : { expMonth, expYear };
}

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Every field's problem at once, each shown on its own field. */
function checkCard(card: CardFields): Partial<CardFields> {
  const errors: Partial<CardFields> = {};
  if (card.number.replace(/\D/g, '').length < 12) errors.number = 'Enter the card number';
  if (!parseExpiry(card.expiry)) errors.expiry = 'Enter a future expiry date as MM/YY';
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter the 3 or 4 digit security code';
  return errors;
}

export function TestCardForm({ payLabel, disabled, processing, cardError, onPay }: CardFormProps) {
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<CardFields>>({});
  const change = (field: keyof CardFields, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    // A corrected field stops showing its old problem.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCard(card);
    setErrors(found);
    const expiry = parseExpiry(card.expiry);
    if (Object.keys(found).length > 0 || !expiry) return;
    onPay({ number: card.number.replace(/\s/g, ''), cvc: card.cvc, ...expiry });
  };

  const input = (
    field: keyof CardFields,
    label: string,
    props: { autoComplete: string; placeholder: string; format: (value: string) => string },
  ) => (
    <Field id={`card-${field}`} label={label} error={errors[field]}>
      <input
        className="input input-bordered w-full font-mono"
        inputMode="numeric"
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={card[field]}
        onChange={(event) => change(field, props.format(event.target.value))}
        {...describedBy(`card-${field}`, errors[field])}
      />
    </Field>
  );

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      {input('number', 'Card number', {
        autoComplete: 'cc-number',
        placeholder: '4242 4242 4242 4242',
        format: groupsOfFour,
      })}
      <div className="grid grid-cols-2 gap-4">
        {input('expiry', 'Expiry (MM/YY)', {
          autoComplete: 'cc-exp',
          placeholder: '12/34',
          format: monthSlashYear,
        })}
        {input('cvc', 'CVC', {
          autoComplete: 'cc-csc',
          placeholder: '123',
          format: (value) => value.replace(/\D/g, '').slice(0, 4),
        })}
      </div>
      <p className="text-base-content/70 text-sm">
        Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and
        any CVC.
      </p>
      <PayButton label={payLabel} disabled={disabled} processing={processing} error={cardError} />
    </form>
  );
}
