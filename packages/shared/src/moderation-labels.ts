import type { AdminActionKind, ReportReason } from './moderation.ts';

/**
 * What the web app calls each report reason and admin action. Imported from
 * '@reloop/shared/moderation-labels' so a page does not pull in zod for them.
 */
export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Looks like a scam',
  prohibited: 'Prohibited item',
  wrong_category: 'Wrong category',
  misleading: 'Misleading description or photos',
  other: 'Something else',
};

export const adminActionLabels: Record<AdminActionKind, string> = {
  verify: 'Verified a seller',
  decline_verification: 'Declined a verification request',
  unverify: 'Withdrew verification',
  suspend: 'Suspended a user',
  unsuspend: 'Lifted a suspension',
  delete_user: 'Deleted a user',
  delete_listing: 'Deleted a listing',
  dismiss_report: 'Dismissed reports',
  resolve_complaint: 'Resolved a complaint',
  hide_review: 'Hid a review',
};
