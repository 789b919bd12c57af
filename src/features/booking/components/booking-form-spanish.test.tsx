import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogue } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { BookingForm } from '~/features/booking/components/booking-form';
import { ApiError } from '~/lib/api-client';
import type { Booking, Departure, WaitlistEntry } from '#contracts/api';
import type { BookingInput } from '#contracts/booking';

// The booking form on the Spanish package page (/es/package/{id}): its dates, seats, total, terms
// and messages in Spanish, the server's English refusals through the catalogue
// (docs/decisions/071-translation-layer.md). The English form is ./booking-form.test.tsx's.

const packageId = 'swiss-alpine-lakes';
const departure = (
  id: string,
  startsOn: string,
  seatsLeft: number,
  status: Departure['status'] = 'open',
) => ({
  id,
  packageId,
  price: 2450,
  startsOn,
  capacity: 12,
  seatsLeft,
  status,
  guaranteed: false,
  toGuarantee: 0,
});
const closed = departure('00000000-0000-4000-8000-000000000001', '2030-03-02', 12, 'closed');
// A smaller date: a party of ten can never travel on it.
const soldOut = { ...departure('00000000-0000-4000-8000-000000000002', '2030-03-16', 0), capacity: 8 };
const fourLeft = { ...departure('00000000-0000-4000-8000-000000000003', '2030-03-30', 4), toGuarantee: 2 };
const roomy = { ...departure('00000000-0000-4000-8000-000000000004', '2030-04-13', 12), guaranteed: true };
const later = Array.from({ length: 3 }, (_, i) =>
  departure(`00000000-0000-4000-8000-00000000001${i}`, `2030-0${5 + i}-01`, 12),
);
const schedule: Departure[] = [closed, soldOut, fourLeft, roomy, ...later];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => registerCatalogue(es));
beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { departures: schedule })),
  );
});
afterEach(() => vi.unstubAllGlobals());

type Submit = (input: BookingInput, idempotencyKey: string) => Promise<Booking>;
type Join = (departureId: string, travellers: number) => Promise<WaitlistEntry>;

function inSpanish(onSubmit = vi.fn<Submit>(), onJoinWaitlist = vi.fn<Join>()) {
  render(
    <MemoryRouter initialEntries={[`/es/package/${packageId}`]}>
      <BookingForm
        owner="uid-lucia"
        packageId={packageId}
        price={2450}
        initial={{ name: 'Lucía Pérez', author: 'lucia@example.com', address: '', phone: '' }}
        onSubmit={onSubmit}
        onBooked={vi.fn()}
        onJoinWaitlist={onJoinWaitlist}
        paymentTerms={{
          depositPercent: 20,
          balanceDueDays: 45,
          cancellationFees: [
            { daysBefore: 30, percent: 50 },
            { daysBefore: 1, percent: 100 },
          ],
        }}
      />
    </MemoryRouter>,
  );
  return { onSubmit, onJoinWaitlist, user: userEvent.setup() };
}

const total = () => screen.getByRole('status', { name: 'Total' });

describe('BookingForm under /es', () => {
  it('shows the dates, their seats, the total and the terms in Spanish', async () => {
    const { user } = inSpanish();
    const group = await screen.findByRole('radiogroup', { name: 'Salida' });
    expect(within(group).getByRole('radio', { name: 'sáb 2 mar 2030, cerrada' })).toBeDisabled();
    expect(within(group).getByRole('radio', { name: 'sáb 16 mar 2030, completa · en espera' })).toBeEnabled();
    expect(within(group).getByRole('radio', { name: 'sáb 30 mar 2030, 4 plazas libres' })).toBeChecked();
    expect(
      within(group).getByRole('radio', { name: 'sáb 13 abr 2030, 12 plazas libres, salida garantizada' }),
    ).toBeEnabled();
    expect(group).toHaveTextContent('Completa · en espera');
    expect(group).toHaveTextContent('Garantizada');
    // Seven dates: six shown, one a tap away.
    expect(within(group).getByRole('button', { name: 'Mostrar 1 fecha más' })).toBeVisible();
    expect(screen.getByText('Faltan 2 viajeros más para garantizar esta fecha')).toBeVisible();

    expect(total()).toHaveTextContent('1 viajero × 2450 US$ = 2450 US$');
    expect(screen.getByLabelText('Viajeros')).toHaveAccessibleDescription('Hasta 4 en esta fecha.');
    await user.click(screen.getByRole('button', { name: 'Añadir un viajero' }));
    expect(total()).toHaveTextContent('2 viajeros × 2450 US$ = 4900 US$');

    const terms = screen.getByRole('region', { name: 'Condiciones de la reserva' });
    expect(terms).toHaveTextContent(
      'Depósito: el 20 % del total, a pagar en un plazo de 7 días desde la reserva. Al pagarlo, sus plazas quedan confirmadas.',
    );
    expect(terms).toHaveTextContent('Saldo: a pagar 45 días antes de la salida');
    expect(terms).toHaveTextContent(
      'Si cancela, nos quedamos con la cantidad mayor entre el depósito y el 50 % del total a menos de 30 días, o el 100 % del total a menos de 1 día de la salida.',
    );
    expect(document.body).not.toHaveTextContent(/traveller|seats|Sold out|Deposit|per person/);
  });

  it('says in Spanish when the party is larger than the seats, or the date is sold out', async () => {
    const { user, onSubmit } = inSpanish();
    await screen.findByRole('radiogroup', { name: 'Salida' });
    const party = screen.getByLabelText('Viajeros');
    await user.clear(party);
    await user.type(party, '5');
    expect(party).toHaveAccessibleDescription(
      /^Solo quedan 4 plazas el sáb 30 mar 2030: elija 4 viajeros o menos, u otra fecha\./,
    );
    expect(total()).toHaveTextContent('2450 US$ por viajero');
    await user.clear(party);
    await user.type(party, '13');
    // The shared schema's English, through the catalogue.
    expect(party).toHaveAccessibleDescription(/^Como máximo 12 viajeros por reserva\./);

    await user.clear(party);
    await user.type(party, '1');
    await user.type(screen.getByLabelText('Dirección'), 'Calle Mayor 7, Madrid');
    await user.type(screen.getByLabelText('Teléfono'), '+34 911 234 567');
    await user.click(screen.getByRole('radio', { name: /sáb 16 mar 2030/ }).closest('label')!);
    expect(screen.getByRole('radiogroup', { name: 'Salida' })).toHaveAccessibleDescription(
      'El sáb 16 mar 2030 ya está completo. Apúntese a su lista de espera, más abajo, o elija otra fecha.',
    );
    await user.click(screen.getByRole('button', { name: 'Reservar ahora' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'El sáb 16 mar 2030 está completo, así que no se puede reservar. Apúntese a su lista de espera o elija otra fecha.',
    );
  });

  it("shows the waiting list's 409 in Spanish", async () => {
    const refusal = {
      message: '4 seats are left on this departure: book them instead of waiting.',
      seatsLeft: 4,
    };
    const onJoin = vi
      .fn<Join>()
      .mockRejectedValueOnce(new ApiError('other', refusal.message, 409, {}, refusal));
    const { user } = inSpanish(undefined, onJoin);
    await screen.findByRole('radiogroup', { name: 'Salida' });
    const party = screen.getByLabelText('Viajeros');
    await user.clear(party);
    await user.type(party, '6');
    await user.click(screen.getByRole('button', { name: 'Apuntarse a la lista de espera' }));
    expect(
      await screen.findByText('Quedan 4 plazas libres en esta salida: resérvelas en lugar de esperar.'),
    ).toBeInTheDocument();
  });

  it("shows the booking's 409 in Spanish, and a party too large for the date", async () => {
    const conflict = {
      message:
        'Only 2 seats are left on this departure, not 3. Please choose fewer travellers or another date.',
      seatsLeft: 2,
    };
    const onSubmit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(new ApiError('other', conflict.message, 409, {}, conflict));
    const { user } = inSpanish(onSubmit);
    await screen.findByRole('radiogroup', { name: 'Salida' });
    await user.type(screen.getByLabelText('Dirección'), 'Calle Mayor 7, Madrid');
    await user.type(screen.getByLabelText('Teléfono'), '+34 911 234 567');
    const party = screen.getByLabelText('Viajeros');
    await user.clear(party);
    await user.type(party, '3');
    await user.click(screen.getByRole('button', { name: 'Reservar ahora' }));
    expect(
      await screen.findByText(
        'Solo quedan 2 plazas en esta salida, no 3. Elija menos viajeros u otra fecha.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /sáb 16 mar 2030/ }).closest('label')!);
    await user.clear(party);
    await user.type(party, '10');
    expect(
      screen.getByText(
        'Esta fecha tiene 8 plazas en total: un grupo de 10 no puede viajar en ella. Elija otra fecha o menos viajeros.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Apuntarse a la lista de espera' })).toBeNull();
  });
});
