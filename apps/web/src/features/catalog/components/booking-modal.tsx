import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { bookingBodySchema, MAX_MESSAGE_LENGTH, type Listing } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { describedBy, DialogFormEnd, Field, FormField } from '../../../components/form-field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useCreateBooking } from '../api/create-booking.ts';

// Asking the seller rides in this dialog's chunk: it loads the same form libraries, and the
// build's chunks are at the count its six-character hashes number (vite.config.ts).
export { default as AskQuestionDialog } from './ask-question-dialog.tsx';

/**
 * The booking dialog: who is booking what for how much (read-only), the phone and meeting place
 * the seller needs, and an optional note that opens the booking's conversation with the seller,
 * checked by the same rules as the server. It closes once the booking is made; on a refusal it
 * stays open with the message, on its field where there is one, and with everything typed still
 * there.
 */
const bookingFormSchema = bookingBodySchema.pick({
  buyerPhone: true,
  buyerMeetingLocation: true,
  note: true,
});
type BookingFormInput = z.input<typeof bookingFormSchema>;
type BookingForm = z.output<typeof bookingFormSchema>;

export default function BookingModal({
  product,
  onClose,
}: {
  product: Listing;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const dialog = useRef<HTMLDialogElement>(null);
  const createBooking = useCreateBooking();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, getValues, setValue } = useForm<
    BookingFormInput,
    unknown,
    BookingForm
  >({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { buyerPhone: user?.phone ?? '', buyerMeetingLocation: '', note: '' },
  });

  // The phone in the user's settings, once the user is known, unless one is typed already.
  const savedPhone = user?.phone ?? '';
  useEffect(() => {
    if (savedPhone && !getValues('buyerPhone')) setValue('buyerPhone', savedPhone);
  }, [savedPhone, getValues, setValue]);

  useModal(dialog, true);

  const onSubmit = handleSubmit(async ({ buyerPhone, buyerMeetingLocation, note }) => {
    setRefusal(null);
    try {
      const result = await createBooking.mutateAsync({
        productId: product._id,
        buyerPhone,
        buyerMeetingLocation,
        // An empty note is no note.
        ...(note ? { note } : {}),
      });
      if (!result.success) return setRefusal(result.message);
      toast.success(uiMessages.bookingSucceeded(product.name));
      onClose();
    } catch (error) {
      if (showFieldErrors(error, ['buyerPhone', 'buyerMeetingLocation', 'note'], setError)) return;
      if (!(error instanceof ApiError)) console.error(error);
      setRefusal(error instanceof ApiError ? error.message : uiMessages.bookingFailed);
    }
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
            type="tel"
            autoComplete="tel"
            error={formState.errors.buyerPhone?.message}
            {...register('buyerPhone')}
          />
          <FormField
            id="booking-location"
            label="Meeting location"
            error={formState.errors.buyerMeetingLocation?.message}
            {...register('buyerMeetingLocation')}
          />
          <Field
            id="booking-note"
            label="Anything else? (optional)"
            error={formState.errors.note?.message}
          >
            <textarea
              className="textarea textarea-bordered w-full"
              maxLength={MAX_MESSAGE_LENGTH}
              {...describedBy('booking-note', formState.errors.note?.message)}
              {...register('note')}
            />
          </Field>
          <DialogFormEnd problem={refusal} busy={formState.isSubmitting} onCancel={onClose}>
            Submit
          </DialogFormEnd>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">close</button>
      </form>
    </dialog>
  );
}
