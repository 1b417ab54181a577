import { UsersTable } from '../components/users-table.tsx';

/** /dashboard/buyers (admin). */
export function Component() {
  return <UsersTable role="buyer" />;
}
