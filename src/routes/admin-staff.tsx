import { staffPaths } from '~/features/admin/api/admin-api';
import { StaffConsole } from '~/features/admin/components/staff-console';
import { useAuth } from '~/lib/auth';
import { loadPageDataFor, usePageUser } from '~/lib/page-data';
import type { Route } from './+types/admin-staff';

export const meta = () => [
  { title: 'Team | Operator console | Wayfarer Tours' },
  { name: 'description', content: 'Who works the Wayfarer Tours console, and with which role.' },
];

// With an owner's session cookie the server renders the list.
export const loader = ({ context }: Route.LoaderArgs) =>
  loadPageDataFor(context, 'owner', [staffPaths.staff]);

export default function AdminStaffPage() {
  const auth = useAuth();
  const pageUser = usePageUser();
  return <StaffConsole selfUid={auth.status === 'signed-in' ? auth.user.uid : pageUser?.uid} />;
}
