import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestCardForm } from './test-card-form.tsx';

function renderForm() {
  const onPay = vi.fn();
  render(
    <TestCardForm
      payLabel="Pay"
      disabled={false}
      processing={false}
      cardError={null}
      onPay={onPay}
    />,
  );
  return { onPay };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
/** The message tied to a field through aria-describedby. */
const messageOf = (label: string) => {
  const field = screen.getByLabelText(label);
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('the test card form', () => {
  it('formats the card number and the expiry as they are typed', () => {
    renderForm();
    type('Card number', '4242424242424242');
    type('Expiry (MM/YY)', '1230');
    expect(screen.getByLabelText('Card number')).toHaveProperty('value', '4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveProperty('value', '12/30');
  });

  it('shows every problem at once, each on its own field, and pays nothing', () => {
    const { onPay } = renderForm();
    type('Card number', '4242');
    type('Expiry (MM/YY)', '0120');
    pay();
    expect(messageOf('Card number')).toBe('Enter the card number');
    expect(messageOf('Expiry (MM/YY)')).toBe('Enter a future expiry date as MM/YY');
    expect(messageOf('CVC')).toBe('Enter the 3 or 4 digit security code');
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('aria-invalid')).toBe('true');
    expect(onPay).not.toHaveBeenCalled();

    // Fixing a field clears its own message only.
    type('CVC', '123');
    expect(messageOf('CVC')).toBe('');
    expect(messageOf('Card number')).toBe('Enter the card number');
  });

  it('pays with the parsed card once every field is right', () => {
    const { onPay } = renderForm();
    type('Card number', '4242 4242 4242 4242');
    type('Expiry (MM/YY)', '12/34');
    type('CVC', '123');
    pay();
    expect(onPay).toHaveBeenCalledWith({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
  });
});
