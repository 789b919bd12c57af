// The brand's contact facts, shown by the site (footer, pages) and written by the server (emails,
// the message that says how to reach the brand past the cancellation cutoff).
export const brand = {
  name: 'Wayfarer Tours',
  tagline: 'Small-group journeys with local guides',
  phone: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  email: 'hello@wayfarer-tours.example',
  address: '210 Harbor Street, Suite 4, San Francisco, CA 94111',
} as const;
