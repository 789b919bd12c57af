import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TokenLinkPage } from '~/features/booking/components/token-link-page';
import { ApiError } from '~/lib/api-client';

// What a personal link's page shows for each answer of its read; the footer is what the link
// still offers once its form has closed (a traveller's share, paid by card).
const page = (load: () => Promise<{ name: string }>) =>
  render(
    <TokenLinkPage
      token="t"
      load={load}
      loadFailed="Your details could not be loaded."
      closedTitle="Your details can no longer be changed here"
      footer={<p>Pay my share here</p>}
    >
      {(link) => <p>Form for {link.name}</p>}
    </TokenLinkPage>,
  );

describe('TokenLinkPage', () => {
  it('shows the link’s content, then the footer', async () => {
    page(async () => ({ name: 'Greta' }));
    expect(await screen.findByText('Form for Greta')).toBeTruthy();
    expect(screen.getByText('Pay my share here')).toBeTruthy();
  });

  it('keeps the footer under the closed notice (409)', async () => {
    page(async () => {
      throw new ApiError('other', 'The details closed 14 days before the departure.', 409);
    });
    expect(
      await screen.findByRole('heading', { name: 'Your details can no longer be changed here' }),
    ).toBeTruthy();
    expect(screen.getByText('Pay my share here')).toBeTruthy();
  });

  it('shows no footer for a link that does not work (404) or while loading', async () => {
    let fail: (e: unknown) => void = () => {};
    page(() => new Promise((_, reject) => (fail = reject)));
    expect(screen.getByText('Loading your trip…')).toBeTruthy();
    expect(screen.queryByText('Pay my share here')).toBeNull();
    fail(new ApiError('not-found', 'This link is not known.', 404));
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.queryByText('Pay my share here')).toBeNull();
  });
});
