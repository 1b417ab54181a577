import type { Booking, Product, ProductDetail, Profile, Review, Sale } from '@reloop/shared';

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
  note: null,
  sellerName: null,
  sellerPhone: null,
  paidAt: null,
  completedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  refundId: null,
  unreadMessages: 0,
  funds: 'none',
  releaseAt: null,
  handoverCode: null,
  timeWhenBooked: '2026-11-20T10:00:00.000Z',
};

/**
 * The same booking once paid: Reloop holds the money, and the buyer now sees the seller's name
 * and phone, and the code to show at the handover.
 */
export const paidBooking: Booking = {
  ...unpaidBooking,
  status: 'paid',
  paymentId: 'pi_test_1',
  sellerName: 'Sam Sellers',
  sellerPhone: '5125550123',
  paidAt: '2026-11-21T10:00:00.000Z',
  funds: 'held',
  handoverCode: '123456',
};

/** That paid booking as its seller sees it on My Sales. */
export const paidSale: Sale = {
  _id: paidBooking._id,
  productId: paidBooking.productId,
  productName: paidBooking.productName,
  productImg: paidBooking.productImg,
  productPrice: paidBooking.productPrice,
  buyerName: paidBooking.buyerName,
  buyerPhone: paidBooking.buyerPhone,
  meetingLocation: paidBooking.buyerMeetingLocation,
  note: 'Please bring the charger',
  status: 'paid',
  paidAt: paidBooking.paidAt,
  completedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  refundId: null,
  unreadMessages: 0,
  funds: 'held',
  releaseAt: null,
  timeWhenBooked: paidBooking.timeWhenBooked,
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

/** The seller of these fixtures, as their public profile shows them: rated, with deals done. */
export const sellerProfile: Profile = {
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'Sam Sellers',
  photoURL: '',
  memberSince: '2025-03-14T12:00:00.000Z',
  verified: true,
  role: 'seller',
  rating: { average: 4.5, count: 4, histogram: [0, 0, 1, 0, 3] },
  completedSales: 7,
  completedPurchases: 0,
};

/** The ThinkPad as its page shows it: with its seller's id and the day they joined. */
export const listedProductDetail: ProductDetail = {
  ...listedProduct,
  sellerId: sellerProfile._id,
  sellerSince: sellerProfile.memberSince,
};

/** A buyer's shown review of that seller, not answered yet. */
export const shownReview: Review = {
  _id: '77777777-7777-4777-8777-777777777777',
  rating: 5,
  text: 'Exactly as described, and on time.',
  createdAt: '2026-11-23T10:00:00.000Z',
  author: { _id: '88888888-8888-4888-8888-888888888888', name: 'Bea Buyer', photoURL: '' },
  authorSide: 'buyer',
  productName: 'ThinkPad T14',
  reply: null,
};
