import { useState, type ReactNode } from 'react';
import { ReleaseTime } from '../../../components/booking-details.tsx';

/**
 * A handed-over laptop's payment, held while the buyer checks it: until when a problem can be
 * reported, with `children`, the ways to end the wait (report a problem, release it now). Once
 * that time has passed, only that the seller is being paid.
 */
export function ComplaintWindow({
  releaseAt,
  children,
}: {
  releaseAt: string;
  children: ReactNode;
}) {
  // Read once: a page left open past the end learns it from the server's refusal or next list.
  const [open] = useState(() => Date.parse(releaseAt) > Date.now());
  if (!open) {
    return <p className="basis-full text-sm">Your payment is on its way to the seller.</p>;
  }
  return (
    <>
      <p className="basis-full text-sm">
        Reloop holds your payment while you check the laptop. You can report a problem until{' '}
        <ReleaseTime at={releaseAt} />.
      </p>
      {children}
    </>
  );
}
