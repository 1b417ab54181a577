import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

/** Books a product; the server takes name, image and price from the listing. */
export const createBooking = (booking: ApiSchema<'NewBookingInput'>) =>
  dataOf(api.POST('/api/booking', { body: booking }));

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // The buyer's orders (another feature's list) now have this booking.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.bookings }),
  });
}
