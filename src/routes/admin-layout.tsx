import { Outlet } from 'react-router';
import { ConsoleFrame } from '~/features/admin/components/console-frame';
import { OperatorGate } from '~/features/admin/components/operator-gate';
import { useAuth } from '~/lib/auth';
import { usePageUser } from '~/lib/page-data';
import adminCss from '~/features/admin/admin.css?url';

// The console's stylesheet loads with these routes only: no visitor or traveller page links it.
export const links = () => [{ rel: 'stylesheet', href: adminCss }];

export const meta = () => [
  { title: 'Operator console | Wayfarer Tours' },
  {
    name: 'description',
    content: 'The Wayfarer Tours operator console: bookings, departures and manifests.',
  },
];

// Inside the protected layout: signed-out visitors have already gone to /account with this path
// remembered. Here the fresh token decides between the console and the "not allowed" page.
export default function AdminLayout() {
  const auth = useAuth();
  // Server-rendered for the session cookie's user until the browser's SDK has loaded.
  const pageUser = usePageUser();
  const user = auth.status === 'signed-in' ? auth.user : pageUser;
  if (!user) return null;
  return (
    <OperatorGate
      uid={user.uid}
      email={user.email}
      operatorByCookie={pageUser?.uid === user.uid && pageUser.operator}
    >
      <ConsoleFrame>
        <Outlet />
      </ConsoleFrame>
    </OperatorGate>
  );
}
