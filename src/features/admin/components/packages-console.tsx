import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AdminPackage } from '#contracts/catalogue';
import { formatPrice } from '#contracts/price';
import { plural } from '#contracts/format';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { orderPackages } from '~/features/admin/api/catalogue-api';
import { Flash } from '~/features/admin/components/flash';
import { NewPackageForm } from '~/features/admin/components/new-package-form';
import { PackageStatusBadge } from '~/features/admin/components/package-status';
import { TableSkeleton } from '~/features/admin/components/table-skeleton';
import { useAdminPackages } from '~/features/admin/hooks/use-admin-packages';
import { useFlash } from '~/features/admin/hooks/use-flash';
import { failureMessage } from '~/lib/api-client';

type Direction = 'up' | 'down';

// /admin/packages: the catalogue in the order the home page shows it, every status, with Move up
// and Move down (buttons, so the keyboard reorders as well as the mouse), and a new draft.
export function PackagesConsole() {
  const { state, retry, put, replaceAll } = useAdminPackages();
  const flash = useFlash();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const [moveError, setMoveError] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  // Focus follows the package it moved, once the list shows the new order; at an end the other
  // button is the one that works.
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || moving) return;
    refocus.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-package="${CSS.escape(wanted.id)}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`);
    (same ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  }, [state, moving]);
  // Back from a package that was deleted: say so here.
  const deleted = (useLocation().state as { deleted?: unknown } | null)?.deleted;
  const { show } = flash;
  useEffect(() => {
    if (typeof deleted === 'string') show(`${deleted} deleted.`);
  }, [deleted, show]);

  // Not disabled while a move is saved (aria-busy instead): a disabled button drops the focus.
  const move = async (packages: AdminPackage[], index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (moving || to < 0 || to >= packages.length) return;
    const ids = packages.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(to, 0, moved!);
    setMoving(true);
    setMoveError('');
    try {
      const answer = await orderPackages(ids);
      replaceAll(answer);
      const name = packages[index]!.name;
      flash.show(`${name} moved ${direction} to position ${to + 1} of ${packages.length}.`);
      refocus.current = { id: moved!, direction };
    } catch (error) {
      setMoveError(failureMessage(error, 'The order could not be saved. Please try again.'));
    } finally {
      setMoving(false);
    }
  };

  return (
    <>
      <div className="admin-head">
        <div>
          <h1 className="admin-title">Packages</h1>
          <p className="admin-lead">
            What the site sells, in the order the home page shows it. Drafts and archived packages are hidden
            from visitors.
          </p>
        </div>
      </div>
      <Flash message={flash.message} />
      <div className="catalogue-layout">
        <div className="admin-panel" aria-busy={state.status === 'loading' || moving}>
          {state.status === 'loading' && <TableSkeleton label="Loading packages…" />}
          {state.status === 'error' && (
            <div className="admin-panel__pad">
              <ErrorNotice
                message={failureMessage(state.error, 'The packages could not be loaded. Please try again.')}
                onRetry={retry}
              />
            </div>
          )}
          {state.status === 'success' && state.data.length === 0 && (
            <div className="admin-empty">
              <h2 className="admin-empty__title">No packages yet</h2>
              <p>Create the first one with the form beside this list.</p>
            </div>
          )}
          {state.status === 'success' && state.data.length > 0 && (
            <>
              {moveError ? (
                <p className="form-error catalogue-list__error" role="alert">
                  {moveError}
                </p>
              ) : null}
              <ol className="catalogue-list" ref={listRef} aria-label="Packages in their order">
                {state.data.map((pkg, index) => (
                  <li key={pkg.id} className="catalogue-row" data-package={pkg.id}>
                    <span className="catalogue-row__pos disc" aria-hidden="true">
                      {index + 1}
                    </span>
                    <div className="catalogue-row__main">
                      <Link className="catalogue-row__name" to={paths.adminPackage(pkg.id)}>
                        {pkg.name}
                      </Link>
                      <span className="admin-sub">/package/{pkg.id}</span>
                    </div>
                    <div className="catalogue-row__status">
                      <PackageStatusBadge status={pkg.status} prefix="Status:" />
                    </div>
                    <dl className="catalogue-row__facts">
                      <div>
                        <dt>Price</dt>
                        <dd>{formatPrice(pkg.price)}</dd>
                      </div>
                      <div>
                        <dt>Upcoming</dt>
                        <dd>{plural(pkg.upcomingDepartures, 'departure')}</dd>
                      </div>
                      <div>
                        <dt>Active</dt>
                        <dd>{plural(pkg.activeBookings, 'booking')}</dd>
                      </div>
                    </dl>
                    <div className="catalogue-row__actions">
                      <button
                        type="button"
                        className="button admin-button admin-button--quiet"
                        data-move="up"
                        disabled={index === 0}
                        aria-busy={moving || undefined}
                        onClick={() => void move(state.data, index, 'up')}
                      >
                        Move up<span className="sr-only"> {pkg.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button admin-button admin-button--quiet"
                        data-move="down"
                        disabled={index === state.data.length - 1}
                        aria-busy={moving || undefined}
                        onClick={() => void move(state.data, index, 'down')}
                      >
                        Move down<span className="sr-only"> {pkg.name}</span>
                      </button>
                    </div>
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
        <NewPackageForm
          onCreated={(pkg) => {
            put(pkg);
            void navigate(paths.adminPackage(pkg.id), { state: { created: true } });
          }}
        />
      </div>
    </>
  );
}
