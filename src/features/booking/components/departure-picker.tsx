import { isBookable, type Departure } from '~/contracts/departure';
import { formatTripDate, tripDateParts } from '~/lib/format-date';

export function seatsText(departure: Departure): string {
  if (departure.status === 'closed') return 'Closed';
  if (departure.seatsLeft <= 0) return 'Sold out';
  if (departure.seatsLeft === 1) return 'Last seat';
  return `${departure.seatsLeft} seats left`;
}

// Few enough seats that the card says so in the accent colour.
const lowSeats = 3;

type DeparturePickerProps = {
  departures: Departure[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  error?: string;
  idPrefix: string;
};

// The dates as a radio group styled as cards. Sold-out and closed dates stay in view (people
// plan around them) but are disabled, so neither a click nor the arrow keys can choose them.
export function DeparturePicker({ departures, selectedId, onSelect, error, idPrefix }: DeparturePickerProps) {
  const legendId = `${idPrefix}-legend`;
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset
      className="departures"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend id={legendId} className="departures__legend">
        Departure
      </legend>
      <div className="departures__grid">
        {departures.map((departure) => {
          const bookable = isBookable(departure);
          const parts = tripDateParts(departure.startsOn);
          const state = departure.status === 'closed' ? 'closed' : bookable ? 'open' : 'sold-out';
          const low = bookable && departure.seatsLeft <= lowSeats;
          return (
            <label key={departure.id} className="date-card" data-state={state} data-low={low || undefined}>
              <input
                className="date-card__input"
                type="radio"
                name="departure"
                value={departure.id}
                checked={selectedId === departure.id}
                disabled={!bookable}
                onChange={() => onSelect(departure.id)}
              />
              {/* The parts are laid out apart; the name read out is the one full date. */}
              <span className="date-card__face" aria-hidden="true">
                <span className="date-card__weekday">{parts?.weekday}</span>
                <span className="date-card__day">
                  {parts ? `${parts.day} ${parts.month}` : departure.startsOn}
                </span>
                <span className="date-card__year">{parts?.year}</span>
                <span className="date-card__seats">{seatsText(departure)}</span>
              </span>
              <span className="sr-only">
                {formatTripDate(departure.startsOn)}, {seatsText(departure).toLowerCase()}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
