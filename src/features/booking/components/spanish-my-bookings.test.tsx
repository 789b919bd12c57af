import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogue } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { emptyGuest } from '#contracts/guests';
import { brand } from '#contracts/brand';
import { signInAgainMessage } from '#contracts/me';
import { cancelBooking, changeBooking, getBookings } from '~/features/booking/api/bookings-api';
import { deleteMyAccount } from '~/features/booking/api/me-api';
import { BookingsList } from '~/features/booking/components/bookings-list';
import { ChangeBookingDialog } from '~/features/booking/components/change-booking-dialog';
import { PaymentReturn } from '~/features/booking/components/payment-return';
import { YourData } from '~/features/booking/components/your-data';
import { inDays, makeBooking } from '~/features/booking/test/make-booking';
import { cancellationCutoffDays } from '~/features/booking/utils/my-trips';
import { VerifyEmailNote } from '~/components/verify-email-note';
import { ApiError } from '~/lib/api-client';
import { reauthenticate } from '~/lib/auth-actions';
import { formatTripDate } from '#contracts/format';
import AccountDeleted, { meta as accountDeletedMeta } from '~/routes/account-deleted';
import { meta as bookingsMeta } from '~/routes/bookings';
import type { Departure } from '#contracts/api';

// My bookings and where a deleted account ends, under /es: in Spanish, the server's refusals too
// where the catalogue has them (docs/decisions/071-translation-layer.md). The English pages are
// the other tests' (bookings-list.test.tsx and the rest), unchanged.
vi.mock('~/features/booking/api/bookings-api', () => ({
  getBookings: vi.fn(),
  cancelBooking: vi.fn(),
  changeBooking: vi.fn(),
}));
vi.mock('~/features/booking/api/waitlist-api', () => ({
  getWaitlist: vi.fn(async () => []),
  acceptOffer: vi.fn(),
  leaveWaitlist: vi.fn(),
}));
vi.mock('~/features/booking/api/payments-api', () => ({
  getPaymentInstructions: vi.fn(async () => ({ provider: 'manual', currency: 'USD', instructions: 'x' })),
  getCancellationQuote: vi.fn(async () => ({
    feeCents: 98_000,
    refundCents: 2_000,
    paidCents: 100_000,
    currency: 'USD',
  })),
}));
const departures = vi.hoisted(() => ({ list: [] as Departure[] }));
vi.mock('~/lib/departures-api', () => ({ getDepartures: vi.fn(async () => departures.list) }));
vi.mock('~/features/booking/api/me-api', () => ({ downloadMyData: vi.fn(), deleteMyAccount: vi.fn() }));
vi.mock('~/lib/auth-actions', () => ({
  reauthenticate: vi.fn(),
  resendEmailVerification: vi.fn(async () => {}),
  refreshEmailVerified: vi.fn(async () => false),
}));
vi.mock('~/lib/auth', () => ({
  logOut: vi.fn(async () => {}),
  authErrorCode: (e: unknown) => (e as { code?: string }).code,
  useAuth: () => ({
    status: 'signed-in',
    user: {
      uid: 'u1',
      displayName: 'Lucía',
      email: 'lucia@example.com',
      emailVerified: false,
      providerData: [{ providerId: 'password' }],
    },
  }),
}));

const inSpanish = (ui: ReactNode, path = '/es/bookings') =>
  render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

const departure = (id: string, startsOn: string, seatsLeft = 10): Departure => ({
  id,
  price: 2450,
  packageId: 'swiss-alpine-lakes',
  startsOn,
  capacity: 16,
  seatsLeft,
  status: 'open',
  guaranteed: false,
  toGuarantee: 0,
});

beforeAll(() => registerCatalogue(es));
beforeEach(() => {
  vi.mocked(getBookings).mockReset();
  vi.mocked(cancelBooking).mockReset();
  vi.mocked(changeBooking).mockReset();
  departures.list = [];
});

describe('My bookings under /es', () => {
  it('groups, words, dates and money in Spanish; past the cutoff, how to reach us', async () => {
    const far = makeBooking({
      startsOn: '2099-03-16',
      status: 'confirmed',
      travellers: 3,
      total: 7350,
      meetingTime: '08:30',
      meetingPoint: 'Zürich HB',
    });
    const near = makeBooking({ packageName: 'Tromsø Lights', startsOn: inDays(5) });
    const cancelled = makeBooking({
      packageName: 'Patagonia Trek',
      startsOn: inDays(60),
      status: 'cancelled',
    });
    vi.mocked(getBookings).mockResolvedValue([far, near, cancelled]);
    inSpanish(<BookingsList />);
    const card = await screen.findByRole('article', { name: `Reserva ${far.reference}` });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Próximos viajes',
      'Cancelada',
    ]);
    expect(screen.getByText('3 reservas: su próximo viaje, primero.')).toBeVisible();
    expect(within(card).getByText('Salida').nextSibling).toHaveTextContent('lun 16 mar 2099');
    expect(card.querySelector('.summary__total')).toHaveTextContent('7350 US$');
    expect(card.querySelector('.summary__each')).toHaveTextContent('3 viajeros × 2450 US$');
    expect(card.querySelector('.status-badge')).toHaveTextContent('Estado: Confirmada');
    expect(card).toHaveTextContent('Punto de encuentro Nos vemos a las 08:30, Zürich HB.');
    for (const label of ['Referencia', 'Reservada', 'Nombre', 'Correo electrónico', 'Dirección', 'Teléfono'])
      expect(within(card).getByText(label, { selector: 'dt' })).toBeVisible();
    expect(card).toHaveTextContent(
      /Reservada\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic) 2026, /,
    );
    expect(card).toHaveTextContent('0 de 3 viajeros con los datos completos');
    expect(
      within(card).getByRole('link', { name: `Añadir los datos de los viajeros de ${far.reference}` }),
    ).toHaveAttribute('href', `/es/bookings/${far.id}/travellers`);
    expect(within(card).getByRole('button', { name: 'Cambiar' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Cancelar la reserva' })).toBeVisible();

    const late = screen.getByRole('article', { name: `Reserva ${near.reference}` });
    expect(late).toHaveTextContent(
      `Su viaje empieza dentro de ${cancellationCutoffDays} días, así que ya no se puede cancelar en línea. Para cambiarlo o cancelarlo, llámenos al ${brand.phone} o escríbanos a ${brand.email}.`,
    );
  });

  it('the cancel dialog in Spanish, its quote in Spanish money and the server’s 409 in Spanish', async () => {
    const b = makeBooking({ startsOn: inDays(40), travellers: 2 });
    vi.mocked(getBookings).mockResolvedValue([b]);
    vi.mocked(cancelBooking).mockRejectedValue(
      new ApiError(
        'other',
        `Online cancellation closes 7 days before departure. To cancel this booking, please call us on ${brand.phone} or email ${brand.email}.`,
        409,
      ),
    );
    inSpanish(<BookingsList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar la reserva' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar esta reserva?' });
    expect(dialog).toHaveTextContent(`${formatTripDate(b.startsOn, 'es')} · 2 viajeros · ${b.reference}`);
    expect(
      await within(dialog).findByText(
        'Gasto de cancelación: 980,00 US$. Se le devuelven 20,00 US$ de los 1000,00 US$ pagados.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Mantener la reserva' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la reserva' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `La cancelación en línea se cierra 7 días antes de la salida. Para cancelar esta reserva, llámenos al ${brand.phone} o escríbanos a ${brand.email}.`,
    );
  });

  it('no bookings: the empty state in Spanish, its link to the Spanish home page', async () => {
    vi.mocked(getBookings).mockResolvedValue([]);
    inSpanish(<BookingsList />);
    expect(
      await screen.findByRole('heading', { name: 'Todavía no ha reservado ningún viaje' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver los paquetes' })).toHaveAttribute('href', '/es');
  });

  it('a list that could not load says so in Spanish, with its retry', async () => {
    vi.mocked(getBookings).mockRejectedValue(new TypeError('network'));
    inSpanish(<BookingsList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se han podido cargar sus reservas.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});

describe('the change dialog under /es', () => {
  it('dates and seats in Spanish, a party too large for the date, who a smaller party drops', async () => {
    const own = departure('00000000-0000-4000-8000-0000000000a1', '2099-03-16');
    const tight = departure('00000000-0000-4000-8000-0000000000a2', '2099-04-13', 2);
    const full = departure('00000000-0000-4000-8000-0000000000a3', '2099-05-11', 0);
    departures.list = [own, tight, full];
    const b = makeBooking({
      departureId: own.id,
      startsOn: own.startsOn,
      travellers: 3,
      guests: [emptyGuest('Lucía'), emptyGuest(), { ...emptyGuest('Cleo'), medical: 'Asma' }],
    });
    inSpanish(<ChangeBookingDialog booking={b} onConfirm={vi.fn()} onChanged={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Cambiar esta reserva' });
    expect(dialog).toHaveTextContent(`lun 16 mar 2099 · 3 viajeros · ${b.reference}`);
    const date = await within(dialog).findByLabelText('Fecha de salida');
    expect([...date.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'lun 16 mar 2099 — su fecha',
      'lun 13 abr 2099 — 2 plazas libres',
      'lun 11 may 2099 — completa',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(date, tight.id);
    expect(dialog).toHaveTextContent('Solo hay 2 plazas para usted en esta fecha.');
    expect(within(dialog).getByRole('button', { name: 'Confirmar el cambio' })).toBeDisabled();
    const party = within(dialog).getByLabelText('Viajeros');
    await user.clear(party);
    await user.type(party, '2');
    expect(
      within(dialog).getByText('Cleo dejará de figurar en esta reserva, junto con los datos que se dieron.'),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('Nuevo total2 × 2450 US$ = 4900 US$');
    expect(within(dialog).getByRole('button', { name: 'Dejarla como está' })).toBeVisible();
  });

  it('the server’s refusal of a change reads in Spanish, its counts filled in', async () => {
    const own = departure('00000000-0000-4000-8000-0000000000b1', '2099-03-16');
    departures.list = [own];
    const b = makeBooking({ departureId: own.id, startsOn: own.startsOn, travellers: 2 });
    const onConfirm = vi
      .fn()
      .mockRejectedValue(
        new ApiError(
          'other',
          'Only 2 seats more are free on this departure: 5 travellers do not fit. Please choose fewer travellers or another date.',
          409,
        ),
      );
    inSpanish(
      <ChangeBookingDialog booking={b} onConfirm={onConfirm} onChanged={vi.fn()} onClose={vi.fn()} />,
    );
    const user = userEvent.setup();
    const party = await screen.findByLabelText('Viajeros');
    await user.clear(party);
    await user.type(party, '5');
    await user.click(screen.getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Solo quedan 2 plazas más libres en esta salida: 5 viajeros no caben. Elija menos viajeros u otra fecha.',
    );
  });
});

describe('around the list under /es', () => {
  it('Your data in Spanish; a wrong password in Spanish', async () => {
    vi.mocked(deleteMyAccount)
      .mockRejectedValueOnce(new ApiError('unauthorized', signInAgainMessage, 401))
      .mockRejectedValue(new ApiError('not-found', 'No such booking.', 404));
    vi.mocked(reauthenticate).mockRejectedValueOnce({ code: 'auth/wrong-password' }).mockResolvedValue();
    inSpanish(<YourData />);
    expect(screen.getByRole('region', { name: 'Sus datos personales' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText('Escriba DELETE o su dirección de correo electrónico para confirmar'),
      'DELETE',
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByLabelText('Su contraseña')).toHaveFocus();
    expect(screen.getByRole('form', { name: /^Por su seguridad, introduzca su contraseña/ })).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Confirmar y eliminar mi cuenta' });
    await user.click(confirm);
    expect(await screen.findByText('Introduzca su contraseña.')).toBeVisible();
    await user.type(screen.getByLabelText('Su contraseña'), 'mal');
    await user.click(confirm);
    expect(await screen.findByText('La contraseña no es correcta. Inténtelo de nuevo.')).toBeVisible();
    // A server's message the catalogue has reads in Spanish here too.
    await user.type(screen.getByLabelText('Su contraseña'), 'bien');
    await user.click(confirm);
    expect(await screen.findByText('No existe esa reserva.')).toBeVisible();
  });

  it('the email note and a card payment’s return in Spanish', async () => {
    inSpanish(
      <>
        <VerifyEmailNote />
        <PaymentReturn bookings={[]} refresh={vi.fn()} />
      </>,
      '/es/bookings?payment=cancelled',
    );
    expect(
      screen.getByText(
        'Confirme su dirección de correo electrónico para recibir todos los correos sobre sus reservas',
      ),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('Le hemos enviado un enlace nuevo a lucia@example.com.')).toBeVisible();
    expect(screen.getByText('El pago con tarjeta se ha cancelado: no se ha cobrado nada.')).toBeVisible();
  });

  it('a deleted account ends on a Spanish page, its title and its link Spanish too', () => {
    render(
      <MemoryRouter initialEntries={['/es/account/deleted']}>
        <Routes>
          <Route path="/es/account/deleted" element={<AccountDeleted />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Su cuenta está eliminada' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es');
    const location = { pathname: '/es/account/deleted' } as Parameters<
      typeof accountDeletedMeta
    >[0]['location'];
    expect(accountDeletedMeta({ location } as Parameters<typeof accountDeletedMeta>[0])[0]).toEqual({
      title: 'Su cuenta está eliminada | Wayfarer Tours',
    });
    expect(
      bookingsMeta({ location: { ...location, pathname: '/es/bookings' } } as Parameters<
        typeof bookingsMeta
      >[0])[0],
    ).toEqual({ title: 'Mis reservas | Wayfarer Tours' });
  });
});
