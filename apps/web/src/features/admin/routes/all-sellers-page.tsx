import { UsersTable } from '../components/users-table.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /dashboard/sellers (admin). */
export function Component() {
  usePageTitle('All Sellers');
  return <UsersTable role="seller" />;
}
