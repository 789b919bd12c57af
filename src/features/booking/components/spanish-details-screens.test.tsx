import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogue } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { emptyGuest } from '#contracts/guests';
import { inviteTraveller, saveGuestLink } from '~/features/booking/api/guest-links-api';
import { getPackageQuestions } from '~/features/booking/api/package-questions';
import { GuestLinkForm } from '~/features/booking/components/guest-link-form';
import { TravellersForm } from '~/features/booking/components/travellers-form';
import { inDays, makeBooking } from '~/features/booking/test/make-booking';
import { ApiError } from '~/lib/api-client';
import type { GuestLink } from '#contracts/guest-links';
import type { AnswerQuestion } from '#contracts/answers';

// The travellers' details under /es: the lead's form and a companion's personal link read in
// Spanish, the package's questions in the console's Spanish where it gave one (else the English,
// marked lang="en"), and the answers still sent as the English choices they are stored as
// (docs/decisions/071-translation-layer.md).
vi.mock('~/features/booking/api/guest-links-api', () => ({
  saveGuestLink: vi.fn(),
  inviteTraveller: vi.fn(),
}));
vi.mock('~/features/booking/api/bookings-api', () => ({ saveTravellers: vi.fn() }));
vi.mock('~/features/booking/api/package-questions', () => ({ getPackageQuestions: vi.fn() }));

const details = {
  fullName: 'Lucía Pérez',
  dateOfBirth: '1991-12-26',
  dietary: '',
  medical: '',
  emergencyName: 'Marta Pérez',
  emergencyPhone: '+34 612 345 678',
};

const questions: AnswerQuestion[] = [
  { id: 'boot-size', label: 'Boot size', kind: 'text', choices: [], required: true, sensitive: false },
  {
    id: 'room',
    label: 'Room',
    kind: 'choice',
    choices: ['Single', 'Shared'],
    required: false,
    sensitive: false,
  },
  { id: 'swim', label: 'Can you swim?', kind: 'yesno', choices: [], required: false, sensitive: false },
];
// The console translated the room's question and one of its choices only.
const translations = {
  es: { questions: [{ id: 'room', label: 'Habitación', choices: ['Individual', ''] }] },
};

const link = (over: Partial<GuestLink> = {}): GuestLink => ({
  packageName: 'Kyoto Temples and Tea',
  startsOn: '2030-03-16',
  leadName: 'Ada Lovelace',
  editableUntil: '2030-03-14',
  position: 1,
  questions: questions.map(({ sensitive: _s, ...q }) => q),
  translations,
  guest: { ...details, answers: {} },
  complete: false,
  ...over,
});

const TOKEN = 't'.repeat(43);

const at = (path: string, ui: ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

beforeAll(() => registerCatalogue(es));
beforeEach(() => {
  vi.mocked(saveGuestLink).mockReset();
  vi.mocked(inviteTraveller).mockReset();
  vi.mocked(getPackageQuestions).mockReset();
});

describe('a companion’s personal link under /es', () => {
  it('reads in Spanish: the trip, the fields, the questions, the checks and the save', async () => {
    const user = userEvent.setup();
    at(`/es/travellers/${TOKEN}`, <GuestLinkForm token={TOKEN} link={link()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sus datos para el viaje' })).toBeVisible();
    expect(screen.getByText(/sáb 16 mar 2030/)).toBeVisible();
    expect(
      screen.getByText(
        /Ada Lovelace ha reservado este viaje para usted .* Puede cambiarlos hasta el jue 14 mar 2030\./,
      ),
    ).toBeVisible();
    expect(screen.getByText('Sus datos todavía no están completos')).toBeVisible();
    const person = screen.getByRole('group', { name: 'Viajero 2' });
    const form = within(person);
    expect(form.getByLabelText('Nombre completo')).toHaveValue('Lucía Pérez');
    for (const label of [
      'Fecha de nacimiento',
      'Necesidades alimentarias',
      'Notas médicas o de accesibilidad',
      'Nombre del contacto de emergencia',
      'Teléfono del contacto de emergencia',
    ]) {
      expect(form.getByLabelText(label)).toBeVisible();
    }
    expect(screen.getByText('Alergias, vegetariana, vegana, halal…')).toBeVisible();

    // Untranslated: the English, marked as English.
    const boot = form.getByLabelText('Boot size (obligatoria)');
    expect(form.getByText('Boot size')).toHaveAttribute('lang', 'en');
    // Translated: the Spanish text, each choice's value still its English.
    const room = form.getByLabelText('Habitación (opcional)');
    expect(within(room).getByRole('option', { name: 'Elija…' })).toHaveValue('');
    expect(within(room).getByRole('option', { name: 'Individual' })).toHaveValue('Single');
    const shared = within(room).getByRole('option', { name: 'Shared' });
    expect(shared).toHaveAttribute('lang', 'en');
    const swim = form.getByRole('group', { name: 'Can you swim? (opcional)' });
    expect(within(swim).getByRole('radio', { name: 'Sí' })).toBeVisible();
    expect(within(swim).getByRole('radio', { name: 'No' })).toBeVisible();

    // The checks say what is wrong in Spanish before anything is sent.
    await user.clear(form.getByLabelText('Fecha de nacimiento'));
    await user.type(form.getByLabelText('Fecha de nacimiento'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(saveGuestLink).not.toHaveBeenCalled();
    expect(screen.getByText('Revise los campos marcados. Todavía no se ha guardado nada.')).toBeVisible();
    expect(screen.getByText('La fecha de nacimiento debe ser pasada y posterior a 1900.')).toBeVisible();

    vi.mocked(saveGuestLink).mockResolvedValue(
      link({ guest: { ...details, answers: { 'boot-size': '42', room: 'Single' } }, complete: true }),
    );
    await user.clear(form.getByLabelText('Fecha de nacimiento'));
    await user.type(form.getByLabelText('Fecha de nacimiento'), details.dateOfBirth);
    await user.type(boot, '42');
    await user.selectOptions(room, 'Individual');
    await user.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(saveGuestLink).toHaveBeenCalledWith(TOKEN, {
      ...details,
      answers: { 'boot-size': '42', room: 'Single' },
    });
    expect(await screen.findByText('Guardado. Sus datos están completos: gracias.')).toBeVisible();
    expect(screen.getByText('Sus datos están completos')).toBeVisible();
  });

  it('shows the server’s refusals in Spanish: a field’s message and a closed booking', async () => {
    const user = userEvent.setup();
    at(`/es/travellers/${TOKEN}`, <GuestLinkForm token={TOKEN} link={link({ translations: undefined })} />);
    // No translation at all: the questions in English, marked.
    expect(screen.getByText('Room')).toHaveAttribute('lang', 'en');
    vi.mocked(saveGuestLink).mockRejectedValueOnce(
      new ApiError('invalid', 'Please check the highlighted fields.', 400, {
        'guest.emergencyName': 'Emergency contact name must be at most 100 characters.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(await screen.findByText('Revise los campos marcados. Sus cambios siguen aquí.')).toBeVisible();
    expect(
      screen.getByText('Nombre del contacto de emergencia debe tener como máximo 100 caracteres.'),
    ).toBeVisible();

    vi.mocked(saveGuestLink).mockRejectedValueOnce(
      new ApiError(
        'other',
        "This booking is cancelled: its travellers' details can no longer be changed.",
        409,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    expect(
      await screen.findByText(
        'Esta reserva está cancelada: ya no se pueden cambiar los datos de sus viajeros.',
      ),
    ).toBeVisible();
  });
});

describe('the lead’s form under /es', () => {
  const booking = () =>
    makeBooking({
      departureId: '00000000-0000-4000-8000-0000000000d1',
      startsOn: inDays(60),
      travellers: 2,
      guests: [emptyGuest('Ada Lovelace'), emptyGuest()],
    });

  it('reads in Spanish: the heading, each traveller, the invitation and the package’s questions', async () => {
    vi.mocked(getPackageQuestions).mockResolvedValue({ questions, translations });
    const user = userEvent.setup();
    const b = booking();
    at(`/es/bookings/${b.id}/travellers`, <TravellersForm booking={b} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Datos de los viajeros' })).toBeVisible();
    expect(screen.getByText('0 de 2 viajeros completos')).toBeVisible();
    expect(screen.getByText(/Su guía los usa en el punto de encuentro/)).toHaveTextContent(
      'puede cambiarlos hasta 2 días antes de la salida.',
    );
    const lead = within(screen.getByRole('group', { name: /^Viajero 1 \(titular\)/ }));
    expect(lead.getByLabelText('Nombre completo')).toHaveValue('Ada Lovelace');
    expect(await lead.findByLabelText('Habitación (opcional)')).toBeVisible();
    expect(lead.getByText('Por completar')).toBeVisible();

    const second = within(screen.getByRole('group', { name: /^Viajero 2/ }));
    expect(second.getByText('Sin invitar')).toBeVisible();
    expect(second.getByText(/Rellene sus datos abajo o envíele un enlace/)).toBeVisible();
    await user.click(second.getByRole('button', { name: 'Invitar' }));
    expect(second.getByText('Introduzca su dirección de correo electrónico.')).toBeVisible();
    vi.mocked(inviteTraveller).mockResolvedValue({ message: 'ok', index: 1, inviteStatus: 'invited' });
    await user.type(second.getByLabelText('Correo electrónico del viajero 2'), 'marta@example.com');
    await user.click(second.getByRole('button', { name: 'Invitar' }));
    expect(
      await second.findByText('Hemos enviado a marta@example.com un enlace para rellenar sus propios datos.'),
    ).toBeVisible();
    expect(second.getByText('Invitado')).toBeVisible();
    expect(second.getByRole('button', { name: 'Reenviar' })).toBeVisible();

    expect(screen.getByRole('button', { name: 'Guardar los datos' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a mis reservas' })).toHaveAttribute(
      'href',
      '/es/bookings',
    );
    expect(
      screen.getByText('Por ahora puede dejar campos vacíos: guarde y vuelva para terminar.'),
    ).toBeVisible();
  });

  it('inside the cutoff shows what the guide will have, in Spanish', () => {
    vi.mocked(getPackageQuestions).mockResolvedValue({ questions: [] });
    const b = makeBooking({
      departureId: '00000000-0000-4000-8000-0000000000d1',
      startsOn: inDays(1),
      travellers: 2,
      guests: [{ ...emptyGuest('Ada Lovelace'), dateOfBirth: '1984-03-09' }, emptyGuest()],
    });
    at(`/es/bookings/${b.id}/travellers`, <TravellersForm booking={b} />);
    expect(
      screen.getByText(
        /Los datos se pueden cambiar en línea hasta 2 días antes de la salida\. Para cambiarlos ahora, llámenos al/,
      ),
    ).toBeVisible();
    const lead = within(screen.getByRole('region', { name: 'Viajero 1 (titular)' }));
    expect(lead.getByText('Fecha de nacimiento')).toBeVisible();
    expect(lead.getByText('9 mar 1984')).toBeVisible();
    expect(lead.getAllByText('Sin indicar').length).toBeGreaterThan(0);
    expect(screen.getByText('No se ha indicado ningún dato de este viajero.')).toBeVisible();
  });
});
