import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '~/config/paths';
import { ErrorNotice } from '~/components/error-notice';
import { NotAllowed } from '~/features/admin/components/not-allowed';
import { useOperatorAccess } from '~/features/admin/hooks/use-operator-access';

type OperatorGateProps = {
  uid: string;
  email: string | null;
  // The server rendered the page for an operator (session cookie with the claim).
  operatorByCookie?: boolean;
  children: ReactNode;
};

// The console renders (and so fetches) nothing until a fresh token says the user is an operator.
export function OperatorGate({ uid, email, operatorByCookie, children }: OperatorGateProps) {
  const { access, retry } = useOperatorAccess(uid, operatorByCookie);
  if (access.status === 'operator') return children;
  if (access.status === 'not-operator') {
    return access.role === 'guide' ? <Navigate to={paths.guide} replace /> : <NotAllowed email={email} />;
  }
  if (access.status === 'error') {
    return (
      <div className="container section">
        <ErrorNotice message={access.message} onRetry={retry} />
      </div>
    );
  }
  return (
    <div className="page-loading" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="sr-only">Checking your access…</span>
    </div>
  );
}
