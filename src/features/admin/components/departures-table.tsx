import { StatusBadge } from '~/components/status-badge';
import { ConfirmQuestion } from '~/components/confirm-question';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '~/config/paths';
import { changeDeparture } from '~/features/admin/api/admin-api';
import { DepartureFieldEditor } from '~/features/admin/components/departure-field-editor';
import { MeetingEditor } from '~/features/admin/components/meeting-editor';
import { MoveDepartureDialog } from '~/features/admin/components/move-departure-dialog';
import { riskSummary } from '#contracts/departure-risk';
import { formatPrice } from '#contracts/price';
import { formatDeadline, formatTripDate, fromToday, plural } from '#contracts/format';
import type { AdminDeparture } from '#contracts/api';
import { ColumnHeads } from '~/features/admin/components/column-heads';
import { useRowEditor, type RowEditor } from '~/features/admin/hooks/use-row-editor';

type DeparturesTableProps = {
  packageName: string;
  departures: AdminDeparture[];
  today: string;
  onChanged: (departure: AdminDeparture, message: string) => void;
};

const capacityButtonId = (id: string) => `capacity-${id}`;
const meetingButtonId = (id: string) => `meeting-${id}`;
const priceButtonId = (id: string) => `price-${id}`;
const decideButtonId = (id: string) => `decide-${id}`;
const closeButtonId = (id: string) => `close-${id}`;
const closeYesId = (id: string) => `close-yes-${id}`;
// "Thu 3 Dec": the decision date, short, beside the words that say what is at stake.
const shortDate = (iso: string) => formatTripDate(iso).split(' ').slice(0, 3).join(' ');

// The button that opens one of a row's editors; the focus comes back to it when the editor closes.
function EditButton({ editor, rowId, children }: { editor: RowEditor; rowId: string; children: ReactNode }) {
  return (
    <button
      id={editor.buttonId(rowId)}
      type="button"
      className="button--link admin-link-button"
      onClick={() => editor.setOpen(rowId)}
    >
      {children}
    </button>
  );
}

type EditableCellProps = {
  label: string;
  className: string;
  editor: RowEditor;
  rowId: string;
  past: boolean;
  // The open editor, given how to close it.
  edit: (close: () => void) => ReactNode;
  // The value shown while the editor is closed, and the class of its line.
  view: ReactNode;
  viewClassName: string;
  // The words of the button that opens the editor (none on a past date).
  change: ReactNode;
};

// A cell of a row with one of its editors: the editor while it is open, else the value and the
// button that opens it.
function EditableCell({
  label,
  className,
  editor,
  rowId,
  past,
  edit,
  view,
  viewClassName,
  change,
}: EditableCellProps) {
  return (
    <td data-label={label} className={className}>
      {editor.open === rowId ? (
        edit(() => editor.close(rowId))
      ) : (
        <span className={viewClassName}>
          {view}
          {!past && (
            <EditButton editor={editor} rowId={rowId}>
              {change}
            </EditButton>
          )}
        </span>
      )}
    </td>
  );
}

// The schedule: each date with its seats, bookings and whether it is on sale. Past departures
// stay listed for their manifests but can no longer be changed.
// Memoised: the console renders again once hydrated (the reader's own calendar day), and the
// whole schedule need not follow unless the day differs (docs/decisions/072-console-screens-on-a-slow-phone.md).
export const DeparturesTable = memo(function DeparturesTable({
  packageName,
  departures,
  today,
  onChanged,
}: DeparturesTableProps) {
  const capacity = useRowEditor(capacityButtonId);
  const meeting = useRowEditor(meetingButtonId);
  const price = useRowEditor(priceButtonId);
  const decide = useRowEditor(decideButtonId);
  const [moving, setMoving] = useState<string | null>(null);
  const movingDeparture = departures.find((d) => d.id === moving);
  const [busy, setBusy] = useState<string | null>(null);
  // Closing stops sales on a date: it is asked about first (reopening is not).
  const [confirmingClose, setConfirmingClose] = useState<string | null>(null);
  // The question's answer takes the focus the Close button had.
  useEffect(() => {
    if (confirmingClose) document.getElementById(closeYesId(confirmingClose))?.focus();
  }, [confirmingClose]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function toggle(d: AdminDeparture) {
    // aria-busy, not disabled, while it saves: a disabled button drops the keyboard's focus.
    if (busy === d.id) return;
    const status = d.status === 'open' ? 'closed' : 'open';
    setConfirmingClose(null);
    setBusy(d.id);
    setErrors(({ [d.id]: _old, ...rest }) => rest);
    try {
      const changed = await changeDeparture(d.id, { status });
      onChanged(
        changed,
        status === 'closed'
          ? `${formatTripDate(d.startsOn)} closed: travellers can no longer book it.`
          : `${formatTripDate(d.startsOn)} reopened for booking.`,
      );
    } catch (e) {
      setErrors((all) => ({
        ...all,
        [d.id]: e instanceof Error ? e.message : 'The departure could not be changed.',
      }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {movingDeparture && (
        <MoveDepartureDialog
          departure={movingDeparture}
          departures={departures}
          today={today}
          onClose={() => setMoving(null)}
          onMoved={(result, target) => {
            const moved = formatTripDate(movingDeparture.startsOn);
            if (result.target) onChanged(result.target, '');
            onChanged(
              result.departure ?? { ...movingDeparture, status: 'closed' },
              result.parties === 0
                ? `${moved} closed: it had no bookings to move.`
                : `${moved} closed: ${plural(result.parties, 'party', 'parties')} offered ${formatTripDate(target.startsOn)}, their ${plural(result.travellers, 'seat')} held until ${result.expiresAt ? formatDeadline(result.expiresAt) : 'the deadline'}.`,
            );
          }}
        />
      )}
      <table className="admin-table admin-table--cards admin-departures">
        <caption className="admin-table__caption">Departures of {packageName}, earliest first</caption>
        <ColumnHeads
          columns={[
            'Date',
            'Meeting',
            'Capacity',
            'Price',
            { label: 'Seats taken', num: true },
            { label: 'Seats left', num: true },
            { label: 'Bookings', num: true },
            'Waiting list',
            'Minimum',
            'Decide by',
            'Status',
            { label: 'Actions', hidden: true },
          ]}
        />
        <tbody>
          {departures.map((d) => {
            const past = d.startsOn <= today;
            const date = formatTripDate(d.startsOn);
            const fill = d.capacity > 0 ? Math.min(100, Math.round((d.seatsTaken / d.capacity) * 100)) : 100;
            return (
              <tr key={d.id} data-past={past} data-status={d.status} data-at-risk={d.atRisk && !past}>
                <th scope="row" className="admin-departures__date">
                  <Link to={paths.adminManifest(d.id)}>{date}</Link>
                  <span className="admin-sub">{fromToday(today, d.startsOn)}</span>
                </th>
                <EditableCell
                  label="Meeting"
                  className="admin-meeting"
                  editor={meeting}
                  rowId={d.id}
                  past={past}
                  edit={(close) => (
                    <MeetingEditor
                      departure={d}
                      onSaved={(changed) =>
                        onChanged(
                          changed,
                          changed.meetingPoint || changed.meetingTime
                            ? `${date}: travellers meet ${[changed.meetingTime && `at ${changed.meetingTime}`, changed.meetingPoint].filter(Boolean).join(', ')}.`
                            : `${date}: meeting point and time cleared.`,
                        )
                      }
                      onDone={close}
                    />
                  )}
                  viewClassName="admin-meeting__view"
                  view={
                    <span className={d.meetingPoint || d.meetingTime ? undefined : 'admin-muted'}>
                      {d.meetingPoint || d.meetingTime
                        ? [d.meetingTime, d.meetingPoint].filter(Boolean).join(' · ')
                        : 'Not set'}
                    </span>
                  }
                  change={
                    <>
                      {d.meetingPoint || d.meetingTime ? 'Change' : 'Set'}
                      <span className="sr-only"> meeting point and time of {date}</span>
                    </>
                  }
                />
                <EditableCell
                  label="Capacity"
                  className="admin-departures__capacity"
                  editor={capacity}
                  rowId={d.id}
                  past={past}
                  edit={(close) => (
                    <DepartureFieldEditor
                      field="capacity"
                      departure={d}
                      onSaved={(changed) =>
                        onChanged(changed, `${date}: capacity is now ${changed.capacity} seats.`)
                      }
                      onDone={close}
                    />
                  )}
                  viewClassName="admin-capacity__view"
                  view={<span className="admin-strong">{d.capacity}</span>}
                  change={
                    <>
                      Change<span className="sr-only"> capacity of {date}</span>
                    </>
                  }
                />
                <EditableCell
                  label="Price"
                  className="admin-departures__price"
                  editor={price}
                  rowId={d.id}
                  past={past}
                  edit={(close) => (
                    <DepartureFieldEditor
                      field="price"
                      departure={d}
                      onSaved={(changed) =>
                        onChanged(
                          changed,
                          changed.ownPrice === null
                            ? `${date}: sold at the package's price, ${formatPrice(changed.price)}.`
                            : `${date}: the price is now ${formatPrice(changed.price)} per person.`,
                        )
                      }
                      onDone={close}
                    />
                  )}
                  viewClassName="admin-capacity__view"
                  view={
                    <span>
                      <span className="admin-strong">{formatPrice(d.price)}</span>
                      <span className="admin-sub">
                        {d.ownPrice === null ? "Package's price" : 'Own price'}
                      </span>
                    </span>
                  }
                  change={
                    <>
                      Change<span className="sr-only"> price of {date}</span>
                    </>
                  }
                />
                <td data-label="Seats taken" className="admin-num">
                  <span className="admin-seats">
                    {d.seatsTaken}
                    <span className="admin-seats__bar" aria-hidden="true">
                      <span style={{ width: `${fill}%` }} />
                    </span>
                  </span>
                </td>
                <td data-label="Seats left" className="admin-num">
                  {d.seatsLeft}
                </td>
                <td data-label="Bookings" className="admin-num">
                  {d.bookingCount}
                  {d.travellersTotal ? (
                    // Whose details the guide will have: "3 of 5 travellers complete".
                    <span className="admin-sub admin-details-count">
                      {d.travellersComplete ?? 0} of {d.travellersTotal} travellers complete
                    </span>
                  ) : null}
                </td>
                <td data-label="Waiting list" className="admin-departures__waitlist">
                  {d.waiting === 0 && d.offered === 0 ? (
                    <span className="admin-sub">None</span>
                  ) : (
                    <Link to={`${paths.adminManifest(d.id)}#waiting-list`}>
                      {d.waiting} waiting · {d.offered} held
                      <span className="sr-only"> on {date}</span>
                    </Link>
                  )}
                </td>
                <td data-label="Minimum" className="admin-departures__minimum">
                  {d.minTravellers === 0 ? (
                    <span className="admin-sub">No minimum</span>
                  ) : d.guaranteed ? (
                    <span className="admin-guaranteed">Guaranteed ({d.minTravellers})</span>
                  ) : (
                    <span>
                      {d.toGuarantee} more to guarantee
                      <span className="admin-sub"> of {d.minTravellers}</span>
                    </span>
                  )}
                </td>
                <EditableCell
                  label="Decide by"
                  className="admin-departures__decide"
                  editor={decide}
                  rowId={d.id}
                  past={past}
                  edit={(close) => (
                    <DepartureFieldEditor
                      field="decideBy"
                      departure={d}
                      onSaved={(changed) =>
                        onChanged(changed, `${date}: decide by ${formatTripDate(changed.decideBy)}.`)
                      }
                      onDone={close}
                    />
                  )}
                  viewClassName="admin-capacity__view admin-decide"
                  view={
                    d.atRisk && !past && d.status === 'open' ? (
                      // Marked by words and a symbol, not by colour alone.
                      <span className="admin-risk">
                        <span className="admin-risk__badge">
                          <span aria-hidden="true">⚠ </span>At risk
                        </span>
                        <span className="admin-risk__text">
                          Decide by {shortDate(d.decideBy)}:{' '}
                          {riskSummary(
                            {
                              minTravellers: d.minTravellers,
                              booked: d.seatsTaken - d.offered,
                              decideBy: d.decideBy,
                            },
                            today,
                          )}
                        </span>
                      </span>
                    ) : (
                      <span>{formatTripDate(d.decideBy)}</span>
                    )
                  }
                  change={
                    <>
                      Change<span className="sr-only"> decision date of {date}</span>
                    </>
                  }
                />
                <td data-label="Status" className="admin-departures__status">
                  <StatusBadge status={past ? 'past' : d.status} />
                </td>
                <td className="admin-table__actions">
                  {!past && (
                    <div className="admin-actions">
                      {confirmingClose === d.id ? (
                        <ConfirmQuestion
                          className="admin-confirm"
                          label={`Close ${date}?`}
                          question={<span>Close {date}? Travellers can no longer book it.</span>}
                          yes={{
                            text: 'Yes, close',
                            className: 'button admin-button admin-button--danger',
                            busy: busy === d.id,
                            busyText: 'Saving…',
                            id: closeYesId(d.id),
                            onClick: () => void toggle(d),
                          }}
                          no={{
                            text: 'Keep open',
                            className: 'button admin-button admin-button--quiet',
                            onClick: () => {
                              setConfirmingClose(null);
                              requestAnimationFrame(() =>
                                document.getElementById(closeButtonId(d.id))?.focus(),
                              );
                            },
                          }}
                        />
                      ) : (
                        <button
                          id={closeButtonId(d.id)}
                          type="button"
                          className="button admin-button admin-button--quiet"
                          aria-busy={busy === d.id}
                          onClick={() => (d.status === 'open' ? setConfirmingClose(d.id) : void toggle(d))}
                        >
                          {busy === d.id ? 'Saving…' : d.status === 'open' ? 'Close' : 'Reopen'}
                          <span className="sr-only"> {date}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="button admin-button admin-button--quiet"
                        onClick={() => setMoving(d.id)}
                      >
                        Move<span className="sr-only"> {date} to another date</span>
                      </button>
                      {errors[d.id] && (
                        <p className="admin-actions__error" role="alert">
                          {errors[d.id]}
                        </p>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
});
