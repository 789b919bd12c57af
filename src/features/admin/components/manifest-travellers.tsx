import { useState } from 'react';
import { Link } from 'react-router';
import type { OperatorGuest } from '#contracts/guests';
import { paths } from '~/config/paths';
import { checkInTraveller } from '~/features/admin/api/admin-api';
import { formatBirthDate, plural } from '#contracts/format';
import { Moment } from '~/components/moment';
import { telHref } from '#contracts/phone';
import { GuestCareFacts } from '~/components/guest-care-facts';
import type { Question } from '#contracts/catalogue';
import type { ManifestBooking } from '#contracts/api';
import type { CheckInState } from '#contracts/check-in';
import { CheckInButtons, checkInMessage, checkInText } from '~/components/check-in-buttons';

const answerText = (value: string | boolean | undefined) =>
  value === true ? 'Yes' : value === false ? 'No' : value || '—';

// Age on the trip's first day: what the guide checks at the meeting point.
const ageOn = (birth: string, day: string) => {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = day.split('-').map(Number);
  if (!by || !ty) return null;
  return ty - by - (tm! < bm! || (tm === bm && td! < bd!) ? 1 : 0);
};

type Props = {
  bookings: ManifestBooking[];
  // The package's questions: each traveller's answer to each, after the fixed facts.
  questions?: readonly Question[];
  startsOn: string;
  // The booking as the server answered a check-in: the page shows it without reloading.
  onChanged: (booking: Pick<ManifestBooking, 'id' | 'guests'>, message: string) => void;
  onFailed: (message: string) => void;
};

// Every traveller of every active booking, party by party, with what the guide needs (age,
// dietary needs, medical notes, whom to call) and the operators' internal notes. On a phone at
// the meeting point each traveller gets two large toggle buttons: Present and No-show.
export function ManifestTravellers({ bookings, startsOn, questions = [], onChanged, onFailed }: Props) {
  // "bookingId:index" while its check-in is on its way.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const tick = async (
    booking: ManifestBooking,
    index: number,
    guest: OperatorGuest,
    next: CheckInState | null,
  ) => {
    const key = `${booking.id}:${index}`;
    if (pending.has(key)) return;
    setPending((p) => new Set(p).add(key));
    const name = guest.fullName || `Traveller ${index + 1} of ${booking.reference}`;
    try {
      const updated = await checkInTraveller(booking.id, index, next);
      onChanged(updated, checkInMessage(name, next));
    } catch (error) {
      onFailed(error instanceof Error ? error.message : 'The check-in could not be saved. Please try again.');
    } finally {
      setPending((p) => {
        const rest = new Set(p);
        rest.delete(key);
        return rest;
      });
    }
  };

  return (
    <ol className="manifest-parties">
      {bookings.map((booking) => (
        <li key={booking.id} className="manifest-party">
          <div className="manifest-party__head">
            <h3 className="manifest-party__title">
              {booking.name}
              <span className="manifest-party__count"> · {plural(booking.travellers, 'traveller')}</span>
            </h3>
            <p className="manifest-party__meta">
              <Link to={paths.adminBooking(booking.id)} className="admin-ref">
                {booking.reference}
              </Link>
              <span aria-hidden="true"> · </span>
              <a href={telHref(booking.phone)}>{booking.phone}</a>
              {booking.detailsComplete ? null : (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="manifest-party__missing">Details incomplete</span>
                </>
              )}
            </p>
          </div>
          {booking.notes.length > 0 ? (
            <div className="manifest-notes">
              <p className="manifest-notes__title">Internal notes</p>
              <ul>
                {booking.notes.map((note) => (
                  <li key={note.id}>
                    <span className="manifest-notes__text">{note.text}</span>
                    <span className="manifest-notes__by">
                      {note.author}, <Moment iso={note.at} />
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ul className="manifest-people" aria-label={`Travellers of ${booking.reference}`}>
            {booking.guests.map((guest, index) => {
              const key = `${booking.id}:${index}`;
              const age = guest.dateOfBirth ? ageOn(guest.dateOfBirth, startsOn) : null;
              const label = guest.fullName || `Traveller ${index + 1} (name not given yet)`;
              return (
                <li key={index} className="manifest-person" data-check-in={guest.checkIn ?? 'none'}>
                  <div className="manifest-person__who">
                    <p className="manifest-person__name">
                      {label}
                      {index === 0 ? <span className="manifest-person__lead"> (lead)</span> : null}
                    </p>
                    <p className="manifest-person__state">
                      <span className="sr-only">Check-in: </span>
                      {guest.checkIn ? checkInText[guest.checkIn] : 'Not checked in'}
                    </p>
                  </div>
                  <dl className="manifest-person__facts">
                    <div>
                      <dt>Born</dt>
                      <dd>
                        {guest.dateOfBirth
                          ? `${formatBirthDate(guest.dateOfBirth)}${age === null ? '' : ` (${age} on the day)`}`
                          : '—'}
                      </dd>
                    </div>
                    <GuestCareFacts guest={guest} />
                    {questions.map((q) => (
                      <div key={q.id} className="manifest-person__answer">
                        <dt>{q.label}</dt>
                        <dd>{answerText(guest.answers?.[q.id])}</dd>
                      </div>
                    ))}
                  </dl>
                  <CheckInButtons
                    block="manifest"
                    label={label}
                    checkIn={guest.checkIn}
                    busy={pending.has(key)}
                    marks
                    onTick={(next) => void tick(booking, index, guest, next)}
                  />
                  <span className="manifest-person__box admin-print-only" aria-hidden="true" />
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
