import { UsersTable } from '../components/users-table.tsx';

/** /dashboard/sellers (admin). */
export function Component() {
  return <UsersTable role="seller" />;
}
