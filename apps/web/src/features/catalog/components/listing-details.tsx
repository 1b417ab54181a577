import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';

// Lucide rather than Feather (the navbar's set, of the same look): every Feather icon any page
// uses ships in the first bundle with the navbar's own, and these are only on lazily loaded pages.

/** One line of a listing's facts (where it is, when it was posted…), after its icon. */
export function ListingFact({ icon: Icon, children }: { icon: IconType; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" /> {children}
    </li>
  );
}
