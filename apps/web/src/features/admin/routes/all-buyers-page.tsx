import { UsersTable } from '../components/users-table.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /dashboard/buyers (admin). */
export function Component() {
  usePageTitle('All Buyers');
  return <UsersTable role="buyer" />;
}
