import type { Booking } from '@reloop/shared';

/** An unpaid booking of a ThinkPad by the signed-in test buyer. */
export const unpaidBooking: Booking = {
  _id: '33333333-3333-4333-8333-333333333333',
  productId: '11111111-1111-4111-8111-111111111111',
  productName: 'ThinkPad T14',
  productImg: '/api/images/t14.jpg',
  productPrice: 549.5,
  buyerName: 'Test buyer',
  buyerEmail: 'buyer@example.com',
  buyerPhone: '5125550199',
  buyerMeetingLocation: 'Library',
  status: 'unpaid',
  paymentId: null,
  timeWhenBooked: '2026-11-20T10:00:00.000Z',
};
