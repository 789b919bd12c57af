import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DepartureMessageForm } from '~/features/admin/components/departure-message-form';
import { fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

const path = '/api/admin/departures/dep-1/messages';

describe('message to the travellers', () => {
  it('previews with the dry run’s count, shows the text as typed (never as markup), then sends it', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      [`POST ${path}`]: (request) =>
        (request.body as { dryRun?: boolean }).dryRun
          ? json(200, { recipients: 3 })
          : json(202, { recipients: 3 }),
    });
    render(<DepartureMessageForm departureId="dep-1" packageName="Swiss Alpine Lakes" />);

    await user.type(screen.getByLabelText('Subject'), 'New meeting point');
    await user.type(screen.getByLabelText('Message'), '<b>Pier 3</b>{Enter}at 08:30{Enter}{Enter}See you');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(
      await screen.findByText('This message will go to the contacts of 3 bookings.'),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      subject: 'New meeting point',
      body: '<b>Pier 3</b>\nat 08:30\n\nSee you',
      dryRun: true,
    });
    const letter = document.querySelector('.admin-message__letter')!;
    expect(letter.textContent).toContain('<b>Pier 3</b>\nat 08:30');
    expect(letter.querySelector('b')).toBeNull();
    expect(letter.querySelectorAll('.admin-message__para')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Send to 3 bookings' }));
    expect(await screen.findByText(/Sent to 3 bookings\./)).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({
      subject: 'New meeting point',
      body: '<b>Pier 3</b>\nat 08:30\n\nSee you',
    });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('asks for a subject and a message before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({});
    render(<DepartureMessageForm departureId="dep-1" packageName="Swiss Alpine Lakes" />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Write a subject.');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('editing after the preview asks for a new preview; the server’s field errors show beside the fields', async () => {
    const user = userEvent.setup();
    fakeFetch({
      [`POST ${path}`]: (request) =>
        (request.body as { subject: string }).subject.length > 3
          ? json(400, {
              message: 'Please check the highlighted fields.',
              fieldErrors: { subject: 'Too long.' },
            })
          : json(200, { recipients: 1 }),
    });
    render(<DepartureMessageForm departureId="dep-1" packageName="Swiss Alpine Lakes" />);
    await user.type(screen.getByLabelText('Subject'), 'Hi!');
    await user.type(screen.getByLabelText('Message'), 'Body');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Send to 1 booking' })).toBeEnabled();
    expect(screen.getByText('This message will go to the contact of 1 booking.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), ' there');
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Too long.'));
  });
});
