import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { StatusBadge } from '~/components/status-badge';
import { DepartureGuides } from '~/features/admin/components/departure-guides';
import { DepartureWaitlist } from '~/features/admin/components/departure-waitlist';
import { DepartureMessageForm } from '~/features/admin/components/departure-message-form';
import { completeCount, type OperatorGuest } from '#contracts/guests';
import { downloadManifestCsv } from '~/features/admin/api/admin-api';
import { saveBlob } from '~/features/admin/components/csv-download';
import { Flash } from '~/features/admin/components/flash';
import { ManifestTravellers } from '~/features/admin/components/manifest-travellers';
import { useFlash } from '~/features/admin/hooks/use-flash';
import { useManifest } from '~/features/admin/hooks/use-manifest';
import { useAdminPackages } from '~/features/admin/hooks/use-admin-packages';
import { formatMoment, formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { ApiError, failureMessage } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import { ButtonIcon } from '~/features/admin/components/button-icon';
import { ColumnHeads } from '~/features/admin/components/column-heads';

// /admin/departures/:id: who travels on one departure, for the guide's clipboard. admin.css
// prints it on A4 or Letter without the site around it.
export function ManifestSheet({ departureId }: { departureId: string }) {
  const { state, retry } = useManifest(departureId);
  // The package's questions: one more line of each traveller's facts per question.
  const catalogue = useAdminPackages().state;
  // Check-ins answered by the server since the manifest loaded, by booking.
  const [checked, setChecked] = useState<Record<string, OperatorGuest[]>>({});
  const [csvBusy, setCsvBusy] = useState(false);
  const flash = useFlash();
  const hydrated = useHydrated();

  if (state.status === 'loading') {
    return (
      <div className="admin-panel admin-panel__pad admin-loading" role="status">
        <span className="spinner__ring" aria-hidden="true" />
        <span className="sr-only">Loading the manifest…</span>
      </div>
    );
  }
  if (state.status === 'error') {
    const notFound = state.error instanceof ApiError && state.error.kind === 'not-found';
    return notFound ? (
      <div className="admin-empty">
        <h1 className="admin-empty__title">Departure not found</h1>
        <p>There is no departure with this address.</p>
        <Link className="button button--primary" to={paths.adminDepartures}>
          See the departures
        </Link>
      </div>
    ) : (
      <ErrorNotice
        message={failureMessage(state.error, 'The manifest could not be loaded.')}
        onRetry={retry}
      />
    );
  }

  const { departure } = state.data;
  const bookings = state.data.bookings.map((b) => (checked[b.id] ? { ...b, guests: checked[b.id]! } : b));
  const guests = bookings.flatMap((b) => b.guests);
  const present = guests.filter((g) => g.checkIn === 'present').length;
  const noShow = guests.filter((g) => g.checkIn === 'no-show').length;
  const downloadCsv = async () => {
    setCsvBusy(true);
    try {
      saveBlob(
        await downloadManifestCsv(departure.id),
        `wayfarer-manifest-${departure.packageId}-${departure.startsOn}.csv`,
      );
    } catch (error) {
      flash.show(error instanceof Error ? error.message : 'The CSV file could not be made.');
    } finally {
      setCsvBusy(false);
    }
  };
  const date = formatTripDate(departure.startsOn);
  const travellers = bookings.reduce((sum, b) => sum + b.travellers, 0);
  const questions =
    catalogue.status === 'success'
      ? (catalogue.data.find((p) => p.id === departure.packageId)?.questions ?? [])
      : [];
  // Complete means every required question answered too (contracts/guests.ts guestCompleteFor):
  // the manifest holds every traveller, so it counts them with the package's questions once
  // those are read; the departure's stored count knows only name, birth date and emergency contact.
  const complete =
    catalogue.status === 'success' ? completeCount(guests, questions) : (departure.travellersComplete ?? 0);
  const value = bookings.reduce((sum, b) => sum + b.total, 0);
  const schedule = `${paths.adminDepartures}?packageId=${encodeURIComponent(departure.packageId)}`;

  return (
    <>
      <p className="admin-back">
        <Link to={schedule}>
          <span aria-hidden="true">← </span>Departures of {departure.packageName}
        </Link>
      </p>
      <div className="admin-head">
        <div>
          <p className="admin-kicker">Manifest · Wayfarer Tours</p>
          <h1 className="admin-title">{departure.packageName}</h1>
          <p className="admin-lead admin-manifest__date">
            {date} <StatusBadge status={departure.status} />
          </p>
          {(departure.meetingPoint || departure.meetingTime) && (
            <p className="admin-manifest__meeting">
              Meeting{departure.meetingTime ? ` at ${departure.meetingTime}` : ''}
              {departure.meetingPoint ? `: ${departure.meetingPoint}` : ''}
            </p>
          )}
        </div>
        <div className="admin-head__actions">
          <button
            type="button"
            className="button button--outline admin-button"
            onClick={() => void downloadCsv()}
            disabled={csvBusy}
          >
            {csvBusy ? 'Preparing CSV…' : 'Download CSV'}
          </button>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            <ButtonIcon>
              <path d="M7 9V3h10v6M7 17H4v-7h16v7h-3M7 14h10v7H7z" />
            </ButtonIcon>
            Print
          </button>
        </div>
      </div>

      <dl className="admin-stats">
        <div>
          <dt>Bookings</dt>
          <dd>{bookings.length}</dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd>{travellers}</dd>
        </div>
        <div>
          <dt>Seats left</dt>
          <dd>
            {departure.seatsLeft} <span className="admin-stats__of">of {departure.capacity}</span>
          </dd>
        </div>
        <div>
          <dt>Checked in</dt>
          <dd>
            {present} <span className="admin-stats__of">of {travellers}</span>
            {noShow > 0 ? <span className="admin-stats__of"> · {noShow} no-show</span> : null}
          </dd>
        </div>
        <div>
          <dt>Details</dt>
          <dd>
            {complete}{' '}
            <span className="admin-stats__of">of {departure.travellersTotal ?? 0} travellers complete</span>
          </dd>
        </div>
        <div>
          <dt>Booked value</dt>
          <dd>{formatPrice(value)}</dd>
        </div>
        <div>
          <dt>Waiting · held</dt>
          <dd>
            {departure.waiting} · {departure.offered}
          </dd>
        </div>
        <div>
          <dt>Minimum</dt>
          <dd>
            {departure.minTravellers === 0
              ? 'None'
              : departure.guaranteed
                ? 'Guaranteed'
                : `${departure.toGuarantee} more`}
          </dd>
        </div>
      </dl>
      <Flash message={flash.message} />

      {bookings.length === 0 ? (
        <div className="admin-empty">
          <h2 className="admin-empty__title">No one is booked on this departure yet</h2>
          <p>Active bookings appear here as travellers make them; cancelled ones do not.</p>
        </div>
      ) : (
        <div className="admin-scroll" role="region" aria-labelledby="manifest-caption" tabIndex={0}>
          {/* Cards on a phone or tablet, like the bookings (admin.css): 892 px of table scrolled
              sideways in a 341 px box with nothing to say so. */}
          <table className="admin-table admin-table--cards admin-manifest">
            <caption id="manifest-caption" className="admin-table__caption">
              Who travels on {date}: {plural(bookings.length, 'booking')}, {plural(travellers, 'traveller')}
            </caption>
            <ColumnHeads
              columns={[
                'Traveller',
                'Phone',
                { label: 'Travellers', num: true },
                'Reference',
                'Status',
                { label: 'Total', num: true },
              ]}
            />
            <tbody>
              {bookings.map((b) => (
                <tr key={b.id}>
                  <th scope="row">
                    <span className="admin-strong">{b.name}</span>
                    <span className="admin-sub admin-manifest__email">{b.email}</span>
                  </th>
                  <td className="admin-nowrap" data-label="Phone">
                    {b.phone}
                  </td>
                  <td className="admin-num" data-label="Travellers">
                    {b.travellers}
                  </td>
                  <td className="admin-nowrap" data-label="Reference">
                    <Link to={paths.adminBooking(b.id)} className="admin-ref">
                      {b.reference}
                    </Link>
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={b.status} />
                  </td>
                  <td className="admin-num" data-label="Total">
                    {formatPrice(b.total)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Totals
                </th>
                <td className="admin-num">{travellers}</td>
                <td colSpan={2}>{plural(bookings.length, 'booking')}</td>
                <td className="admin-num">{formatPrice(value)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {bookings.length > 0 ? (
        <section className="manifest-travellers" aria-labelledby="manifest-travellers-title">
          <h2 id="manifest-travellers-title" className="admin-panel__title manifest-travellers__title">
            Travellers at the meeting point
          </h2>
          <p className="admin-muted manifest-travellers__lead">
            Tap Present or No-show for each traveller; tap again to clear.
          </p>
          <ManifestTravellers
            bookings={bookings}
            startsOn={departure.startsOn}
            questions={questions}
            onChanged={(updated, message) => {
              setChecked((c) => ({ ...c, [updated.id]: updated.guests }));
              flash.show(message);
            }}
            onFailed={flash.show}
          />
        </section>
      ) : null}
      <DepartureGuides departureId={departure.id} assigned={departure.guides ?? []} />
      <DepartureWaitlist departureId={departure.id} />
      <DepartureMessageForm departureId={departure.id} packageName={departure.packageName} />
      {/* The reader's clock and zone: known in the browser only (src/lib/use-hydrated.ts). */}
      {hydrated ? (
        <p className="admin-print-only admin-printed">Printed {formatMoment(new Date().toISOString())}</p>
      ) : null}
    </>
  );
}
