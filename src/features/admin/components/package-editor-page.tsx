import { Link, useNavigate } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { Flash } from '~/features/admin/components/flash';
import { PackageEditor } from '~/features/admin/components/package-editor';
import { TableSkeleton } from '~/features/admin/components/table-skeleton';
import { useAdminPackages } from '~/features/admin/hooks/use-admin-packages';
import { useFlash } from '~/features/admin/hooks/use-flash';
import { ApiError } from '~/lib/api-client';

// One package of the catalogue's list (GET /api/admin/packages answers every field of each).
export function PackageEditorPage({ packageId }: { packageId: string }) {
  const { state, retry, put, remove } = useAdminPackages();
  const flash = useFlash();
  const navigate = useNavigate();
  if (state.status === 'loading') return <TableSkeleton label="Loading the package…" />;
  if (state.status === 'error') {
    return (
      <ErrorNotice
        message={state.error instanceof ApiError ? state.error.message : 'The package could not be loaded.'}
        onRetry={retry}
      />
    );
  }
  const pkg = state.data.find((p) => p.id === packageId);
  if (!pkg) {
    return (
      <div className="admin-empty">
        <h1 className="admin-empty__title">No package “{packageId}”</h1>
        <p>It may have been deleted, or its id changed.</p>
        <Link className="button button--primary" to={paths.adminPackages}>
          All packages
        </Link>
      </div>
    );
  }
  return (
    <>
      <Flash message={flash.message} />
      <PackageEditor
        key={pkg.id}
        pkg={pkg}
        onSaved={(saved, previousId, message) => {
          put(saved, previousId);
          flash.show(message);
          // A draft's new id is a new address.
          if (saved.id !== previousId) void navigate(paths.adminPackage(saved.id), { replace: true });
        }}
        onDeleted={(gone) => {
          remove(gone.id);
          void navigate(paths.adminPackages, { state: { deleted: gone.name } });
        }}
      />
    </>
  );
}
