import { paymentStateLabels } from '#contracts/payment';
import { formatCents } from '#contracts/money';
import { Link } from 'react-router';
import { paths } from '~/config/paths';
import { BookingActions } from '~/features/admin/components/booking-actions';
import { StatusBadge } from '~/components/status-badge';
import { formatDay, formatTime, formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import type { AdminBooking } from '#contracts/api';
import { ColumnHeads } from '~/features/admin/components/column-heads';

export const bookingRefId = (id: string) => `booking-ref-${id}`;

// An email up to this length is never broken ("bob@ / example.com" read badly at 1280 px, where the
// column is narrow but the row has room); a longer one wraps after its @, where a reader expects
// it, before it wraps anywhere else.
export const emailKeptWhole = 32;
function breakAfterAt(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  if (email.length <= emailKeptWhole) return <span className="admin-nowrap">{email}</span>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

type BookingsTableProps = {
  bookings: AdminBooking[];
  caption: string;
  // Bookings made after this moment are marked New (null: all of them; undefined: none).
  newSince?: string | null;
  onChanged: (booking: AdminBooking, message: string) => void;
};

// A table on wide screens; on a phone each row is a card (admin.css), with the column name
// written before each value.
export function BookingsTable({ bookings, caption, newSince, onChanged }: BookingsTableProps) {
  const isNew = (b: AdminBooking) =>
    newSince !== undefined && (newSince === null || Date.parse(b.createdAt) > Date.parse(newSince));
  return (
    <table className="admin-table admin-table--cards admin-bookings">
      <caption className="admin-table__caption">{caption}</caption>
      <ColumnHeads
        columns={[
          'Reference',
          'Traveller',
          'Trip',
          { label: 'Total', num: true },
          'Status',
          'Booked',
          { label: 'Actions', hidden: true },
        ]}
      />
      <tbody>
        {bookings.map((b) => (
          <tr key={b.id} data-status={b.status} data-new={isNew(b) || undefined}>
            <th scope="row" className="admin-bookings__ref">
              <Link id={bookingRefId(b.id)} to={paths.adminBooking(b.id)} className="admin-ref">
                {b.reference}
              </Link>
              {isNew(b) && (
                <span className="admin-new" title="Arrived since you last looked">
                  New
                </span>
              )}
            </th>
            <td data-label="Traveller">
              <span className="admin-strong">{b.name}</span>
              <span className="admin-sub">{breakAfterAt(b.email)}</span>
            </td>
            <td data-label="Trip" className="admin-bookings__trip">
              <span className="admin-strong">{b.packageName}</span>
              <span className="admin-sub">
                {formatTripDate(b.startsOn)} · {plural(b.travellers, 'traveller')}
              </span>
            </td>
            <td data-label="Total" className="admin-num">
              {formatPrice(b.total)}
            </td>
            <td data-label="Status" className="admin-bookings__status">
              <StatusBadge status={b.status} />
              {/* The payment state under the booking's status, not a column of its own: the table
                  fits its panel from 1,100 px (e2e/admin.spec.ts). */}
              <span className="admin-bookings__payment">
                <span className={`admin-pay admin-pay--${b.payment.state}`}>
                  {paymentStateLabels[b.payment.state]}
                </span>
                {b.payment.dueNowCents > 0 || b.payment.refundDueCents > 0 ? (
                  <span className="admin-sub">
                    {b.payment.refundDueCents > 0
                      ? `${formatCents(b.payment.refundDueCents, b.payment.currency)} to refund`
                      : `${formatCents(b.payment.dueNowCents, b.payment.currency)} due`}
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label="Booked">
              <time dateTime={b.createdAt} className="admin-when">
                <span>{formatDay(b.createdAt)}</span>{' '}
                <span className="admin-sub">{formatTime(b.createdAt)}</span>
              </time>
            </td>
            <td className="admin-table__actions">
              <BookingActions booking={b} onChanged={onChanged} returnFocusId={bookingRefId(b.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
