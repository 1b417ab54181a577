import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { Product } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { Field, FormField } from '../../../components/form-field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useCreateBooking } from '../api/create-booking.ts';

/**
 * The booking dialog: who is booking what for how much (read-only), and the phone and meeting
 * place the seller needs. It closes after any answer from the server.
 */
const bookingFormSchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .regex(/^\d+$/, 'Phone must contain digits only'),
  meetingLocation: z.string().trim().min(1, 'Meeting location is required'),
  note: z.string().optional(),
});
type BookingForm = z.infer<typeof bookingFormSchema>;

export default function BookingModal({
  product,
  onClose,
}: {
  product: Product;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const dialog = useRef<HTMLDialogElement>(null);
  const createBooking = useCreateBooking();
  const { register, handleSubmit, formState } = useForm<BookingForm>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { phone: '', meetingLocation: '', note: '' },
  });

  useModal(dialog, true);

  // The optional note stays on this device: the booking call carries only what the spec sends.
  const onSubmit = handleSubmit(async ({ phone, meetingLocation }) => {
    try {
      const result = await createBooking.mutateAsync({
        productId: product._id,
        buyerPhone: phone,
        buyerMeetingLocation: meetingLocation,
      });
      if (result.success) toast.success(uiMessages.bookingSucceeded(product.name));
      else toast.error(result.message);
    } catch (error) {
      if (error instanceof ApiError) toast.error(error.message);
      else {
        console.error(error);
        toast.error(uiMessages.bookingFailed);
      }
    }
    onClose();
  });

  const readOnly = (id: string, label: string, value: string) => (
    <FormField id={id} label={label} value={value} readOnly />
  );

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="booking-title" onClose={onClose}>
      <div className="modal-box">
        <h2 id="booking-title" className="mb-4 text-xl font-bold">
          Book {product.name}
        </h2>
        <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
          {readOnly('booking-name', 'Name', user?.displayName || uiMessages.displayNameFallback)}
          {readOnly('booking-email', 'Email', user?.email ?? '')}
          {readOnly('booking-product', 'Product', product.name)}
          {readOnly('booking-price', 'Price', formatPrice(product.resalePrice))}
          <FormField
            id="booking-phone"
            label="Phone"
            inputMode="numeric"
            autoComplete="tel"
            error={formState.errors.phone?.message}
            {...register('phone')}
          />
          <FormField
            id="booking-location"
            label="Meeting location"
            error={formState.errors.meetingLocation?.message}
            {...register('meetingLocation')}
          />
          <Field id="booking-note" label="Anything else? (optional)">
            <textarea
              id="booking-note"
              className="textarea textarea-bordered w-full"
              {...register('note')}
            />
          </Field>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting && (
                <span className="loading loading-spinner" aria-hidden="true" />
              )}
              Submit
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">close</button>
      </form>
    </dialog>
  );
}
