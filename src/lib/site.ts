import { siteUrl } from '~/config/env';

// Brand facts shown in several places (navbar, footer, meta tags).
export const site = {
  name: 'Wayfarer Tours',
  tagline: 'Small-group journeys with local guides',
  url: siteUrl,
  phone: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  email: 'hello@wayfarer-tours.example',
  address: '210 Harbor Street, Suite 4, San Francisco, CA 94111',
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/wayfarertours' },
    { name: 'Facebook', href: 'https://www.facebook.com/wayfarertours' },
    { name: 'YouTube', href: 'https://www.youtube.com/@wayfarertours' },
  ],
} as const;
