// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { registerCatalogue, translator } from './i18n';
import { es } from './messages-es';
import { paymentTermsLines } from './payment';
import { partyOverCapacityMessage } from './waitlist';

registerCatalogue(es);
const { known } = translator('es');

// `known` reads the server's English on a Spanish page: whole, or built from a catalogue text with
// {placeholders} (docs/decisions/071-translation-layer.md).
describe('known', () => {
  it('reads a message built from a text with numbers, the most specific text first', () => {
    // "{due}: {amount}" matches any text with a colon: the waiting list's own text wins.
    expect(known('1 seat is left on this departure: book them instead of waiting.')).toBe(
      'Queda 1 plaza libre en esta salida: resérvela en lugar de esperar.',
    );
    expect(known('3 seats are left on this departure: book them instead of waiting.')).toBe(
      'Quedan 3 plazas libres en esta salida: resérvelas en lugar de esperar.',
    );
    expect(
      known(
        'You are already on 10 waiting lists, the most one traveller may join (10). Please leave one you no longer need first.',
      ),
    ).toBe(
      'Ya está en 10 listas de espera, el máximo para un viajero (10). Salga antes de alguna que ya no necesite.',
    );
    expect(known('This departure is closed: it has no waiting list.')).toBe(
      'Esta salida está cerrada: no tiene lista de espera.',
    );
  });

  it('reads the party-too-large message the API and the form share, in either number', () => {
    expect(known(partyOverCapacityMessage(8, 10))).toBe(
      'Esta fecha tiene 8 plazas en total: un grupo de 10 no puede viajar en ella. Elija otra fecha o menos viajeros.',
    );
    expect(known(partyOverCapacityMessage(1, 2))).toBe(
      'Esta fecha tiene 1 plaza en total: un grupo de 2 no puede viajar en ella. Elija otra fecha o menos viajeros.',
    );
  });

  it('leaves English as it is on an English page, and a text it does not know', () => {
    const message = '3 seats are left on this departure: book them instead of waiting.';
    expect(translator('en').known(message)).toBe(message);
    expect(known('Something nobody wrote down.')).toBe('Something nobody wrote down.');
  });
});

describe('paymentTermsLines', () => {
  const terms = {
    depositPercent: 20,
    balanceDueDays: 1,
    cancellationFees: [
      { daysBefore: 30, percent: 50 },
      { daysBefore: 1, percent: 100 },
    ],
  };

  it('writes English as it always did ("1 days before" included)', () => {
    expect(paymentTermsLines(terms, 24)).toEqual([
      'Deposit: 20% of the total, due within 1 day of booking. Paying it confirms your places.',
      'Balance: due 1 days before the departure (book later than that and everything is due at once).',
      'If you cancel, we keep the larger of the deposit and 50% of the total fewer than 30 days before, or 100% of the total fewer than 1 days before the departure.',
    ]);
    expect(paymentTermsLines({ depositPercent: 0, balanceDueDays: 0, cancellationFees: [] }, 36)).toEqual([
      'No deposit: nothing is due until the balance.',
      'Balance: due by the day of departure.',
      'If you cancel, we keep the deposit.',
    ]);
    expect(paymentTermsLines(terms, 36)[0]).toContain('due within 36 hours of booking');
  });

  it('writes Spanish with its singulars and its percent sign', () => {
    expect(paymentTermsLines(terms, 36, 'es')).toEqual([
      'Depósito: el 20\u00a0% del total, a pagar en un plazo de 36 horas desde la reserva. Al pagarlo, sus plazas quedan confirmadas.',
      'Saldo: a pagar 1 día antes de la salida (si reserva más tarde, se paga todo de una vez).',
      'Si cancela, nos quedamos con la cantidad mayor entre el depósito y el 50\u00a0% del total a menos de 30 días, o el 100\u00a0% del total a menos de 1 día de la salida.',
    ]);
  });
});
