// @vitest-environment node
// A personal link's token is a key to a traveller's details: the request log never shows it.
import { expect, it } from 'vitest';
import { redactLinkTokens } from '../app.js';

it('drops the token from the API path and the page path, and leaves every other path alone', () => {
  const token = 'ZQ6oDkm8JtENxFL8Mf56sKnc7NtjjiD1TNmNVl6MT6Q';
  expect(redactLinkTokens(`/api/guest-links/${token}`)).toBe('/api/guest-links/…');
  expect(redactLinkTokens(`/travellers/${token}?utm=x`)).toBe('/travellers/…?utm=x');
  expect(redactLinkTokens('/bookings/1234/travellers')).toBe('/bookings/1234/travellers');
  expect(redactLinkTokens('/api/bookings')).toBe('/api/bookings');
});
