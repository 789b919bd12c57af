import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCatalogue } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { MoveLinkAnswer } from '~/features/booking/components/move-link-answer';
import { WaitlistEntries } from '~/features/booking/components/waitlist-entries';
import type { MoveLink, WaitlistEntry } from '#contracts/api';

// The screens the Spanish emails lead to (the offer's "Aceptar en Mis reservas", a move's personal
// link), under /es: in Spanish, as the emails that point there (docs/decisions/071-translation-layer.md).
vi.mock('~/features/booking/api/waitlist-api', () => ({ acceptOffer: vi.fn(), leaveWaitlist: vi.fn() }));
vi.mock('~/features/booking/api/guest-links-api', () => ({ answerMoveLink: vi.fn() }));

const offered: WaitlistEntry = {
  id: '5d1c1f0e-1111-4a2b-9c3d-000000000001',
  departureId: '00000000-0000-4000-8000-000000000002',
  packageId: 'swiss-alpine-lakes',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2030-03-16',
  travellers: 2,
  status: 'offered',
  createdAt: '2030-01-01T10:00:00.000Z',
  offerExpiresAt: '2030-01-02T10:00:00.000Z',
  bookingId: null,
};

const inSpanish = (ui: ReactNode) =>
  render(<MemoryRouter initialEntries={['/es/bookings']}>{ui}</MemoryRouter>);

beforeAll(() => registerCatalogue(es));

describe('under /es', () => {
  it("the waiting lists' offer reads in Spanish, its acceptance too", async () => {
    const prefill = { name: 'Lucía', email: 'lucia@example.com', address: '', phone: '' };
    inSpanish(
      <WaitlistEntries entries={[offered]} prefill={prefill} onUpdated={vi.fn()} onBooked={vi.fn()} />,
    );
    const list = screen.getByRole('region', { name: 'Listas de espera' });
    expect(list).toHaveTextContent('sáb 16 mar 2030 · 2 viajeros · Plazas guardadas para usted');
    expect(list).toHaveTextContent('Le guardamos las plazas hasta el ');
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Aceptar' }));
    const form = screen.getByRole('form', { name: 'Aceptar la oferta' });
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Lucía');
    await user.click(within(form).getByRole('button', { name: 'Reservar para 2 viajeros' }));
    expect(form).toHaveTextContent('Revise los campos marcados.');
    await user.click(within(list).getByRole('button', { name: 'Salir' }));
    expect(screen.getByRole('group', { name: '¿Salir de esta lista de espera?' })).toHaveTextContent(
      'Las plazas que le guardamos pasarán al siguiente viajero en espera.',
    );
  });

  it("a move's personal link reads in Spanish: the date, the terms, the price and the answers", () => {
    const link: MoveLink = {
      state: 'open',
      reference: 'WT-7K2M9QXA',
      packageName: 'Kyoto Temples & Tea',
      startsOn: '2030-03-04',
      newStartsOn: '2030-03-11',
      expiresAt: '2030-01-02T10:00:00.000Z',
      travellers: 2,
      price: 2450,
      newPrice: 2200,
    };
    inSpanish(<MoveLinkAnswer token="t" link={link} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'La salida del lun 4 mar 2030 no se realizará: le proponemos una nueva fecha',
    );
    expect(document.body).toHaveTextContent(
      'Le guardamos 2 plazas para su grupo el lun 11 mar 2030 hasta el',
    );
    expect(document.body).toHaveTextContent('La nueva fecha cuesta menos, así que su precio baja a 2200 US$');
    expect(screen.getByRole('button', { name: 'Aceptar el lun 11 mar 2030' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeVisible();
    expect(document.body).toHaveTextContent('¿Alguna pregunta? Llámenos al');
  });
});
