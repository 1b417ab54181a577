import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuCircleCheck } from 'react-icons/lu';

// Lucide rather than Feather (the navbar's set, of the same look): every Feather icon any page
// uses ships in the first bundle with the navbar's own, and these are only on lazily loaded pages.

/** Marks a seller the admins have verified. */
export function VerifiedBadge() {
  return (
    <span className="badge badge-info badge-sm gap-1 font-medium">
      <LuCircleCheck aria-hidden="true" /> verified
    </span>
  );
}

/** One line of a listing's facts (where it is, when it was posted…), after its icon. */
export function ListingFact({ icon: Icon, children }: { icon: IconType; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" /> {children}
    </li>
  );
}
