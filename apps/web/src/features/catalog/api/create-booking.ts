import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingBody } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';

/** Books a product; the server takes name, image and price from the listing. */
export const createBooking = (booking: BookingBody) =>
  api.post<{ success: boolean; message: string; _id: string }>('/booking', booking);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
