import { useState } from 'react';
import { isBookable } from '#contracts/departure';
import { formatTripDate, tripDateParts } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import type { Departure } from '#contracts/api';
import type { Translator } from '#contracts/i18n';
import { FieldError } from '~/components/field';
import { useT } from '~/lib/i18n';

// In the page's language (`tr`, from useT()).
export function seatsText(departure: Departure, { t, tp }: Pick<Translator, 't' | 'tp'>): string {
  if (departure.status === 'closed') return t('Closed');
  if (departure.seatsLeft <= 0) return t('Sold out · waiting list');
  if (departure.seatsLeft === 1) return t('Last seat');
  return tp(departure.seatsLeft, '{count} seat left', '{count} seats left');
}

// Few enough seats that the card says so in the accent colour.
const lowSeats = 3;
// Two rows of cards at either width; a year of dates is one tap away.
const firstShown = 6;

type DeparturePickerProps = {
  departures: Departure[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  error?: string;
  idPrefix: string;
  // The package's price: a date whose own price differs shows it on its card.
  basePrice?: number;
};

// The dates as a radio group styled as cards. Closed dates stay in view (people plan around them)
// but are disabled, so neither a click nor the arrow keys can choose them. A sold-out date can be
// chosen: the form then offers its waiting list instead of the booking.
export function DeparturePicker({
  departures,
  selectedId,
  onSelect,
  error,
  idPrefix,
  basePrice,
}: DeparturePickerProps) {
  const [expanded, setExpanded] = useState(false);
  const words = useT();
  const { t, tp, language } = words;
  const legendId = `${idPrefix}-legend`;
  const errorId = `${idPrefix}-error`;
  const gridId = `${idPrefix}-dates`;
  // The chosen date is never folded away.
  const selectedAt = departures.findIndex((d) => d.id === selectedId);
  const showAll = expanded || selectedAt >= firstShown;
  const shown = showAll ? departures : departures.slice(0, firstShown);
  const more = departures.length - firstShown;
  return (
    <fieldset
      className="departures"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend id={legendId} className="departures__legend">
        {t('Departure')}
      </legend>
      <div className="departures__grid" id={gridId}>
        {shown.map((departure) => {
          const bookable = isBookable(departure);
          const parts = tripDateParts(departure.startsOn, language);
          const state = departure.status === 'closed' ? 'closed' : bookable ? 'open' : 'sold-out';
          const guaranteed = departure.guaranteed ? t('Guaranteed') : null;
          const low = bookable && departure.seatsLeft <= lowSeats;
          const seats = seatsText(departure, words);
          const ownPrice =
            basePrice !== undefined && typeof departure.price === 'number' && departure.price !== basePrice
              ? formatPrice(departure.price, language)
              : null;
          return (
            <label key={departure.id} className="date-card" data-state={state} data-low={low || undefined}>
              <input
                className="date-card__input"
                type="radio"
                name="departure"
                value={departure.id}
                checked={selectedId === departure.id}
                disabled={departure.status === 'closed'}
                onChange={() => onSelect(departure.id)}
              />
              {/* The parts are laid out apart; the name read out is the one full date. */}
              <span className="date-card__face" aria-hidden="true">
                <span className="date-card__weekday">{parts?.weekday}</span>
                <span className="date-card__day">
                  {parts ? `${parts.day} ${parts.month}` : departure.startsOn}
                </span>
                <span className="date-card__year">{parts?.year}</span>
                <span className="date-card__seats">{seats}</span>
                {guaranteed ? <span className="date-card__guaranteed">{guaranteed}</span> : null}
                {ownPrice ? <span className="date-card__price">{ownPrice}</span> : null}
              </span>
              <span className="sr-only">
                {formatTripDate(departure.startsOn, language)}, {seats.toLowerCase()}
                {guaranteed ? t(', guaranteed departure') : ''}
                {ownPrice ? t(', {price} per person', { price: ownPrice }) : ''}
              </span>
            </label>
          );
        })}
      </div>
      {more > 0 && (selectedAt < firstShown || !showAll) ? (
        <button
          type="button"
          className="button--link departures__more"
          aria-expanded={showAll}
          aria-controls={gridId}
          onClick={() => setExpanded(!showAll)}
        >
          {showAll ? t('Show fewer dates') : tp(more, 'Show {count} more date', 'Show {count} more dates')}
        </button>
      ) : null}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
