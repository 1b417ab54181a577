import type { Booking, Product } from '@reloop/shared';

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
  refundId: null,
  timeWhenBooked: '2026-11-20T10:00:00.000Z',
};

/** A ThinkPad for sale by a verified seller, neither advertised nor reported. */
export const listedProduct: Product = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'ThinkPad T14',
  imgUrl: '/api/images/t14.jpg',
  resalePrice: 549.5,
  originalPrice: 1299,
  location: 'Austin',
  mobile: '5125550123',
  yearOfUse: 2021,
  condition: 'good',
  categoryId: '22222222-2222-4222-8222-222222222222',
  description: 'Battery at 88%.',
  photos: ['/api/images/t14.jpg', '/api/images/t14-keyboard.jpg'],
  model: 'ThinkPad T14 Gen 2',
  cpu: 'Intel Core i5-1135G7',
  ramGb: 16,
  storageGb: 512,
  screenInches: 14,
  batteryHealth: 88,
  sellerName: 'Sam Sellers',
  sellerEmail: 'seller@example.com',
  sellerVerified: true,
  status: 'unsold',
  advertise: false,
  report: false,
  timeWhenPost: '2026-11-20T10:00:00.000Z',
};
