import { siteUrl } from '~/config/env';
import { brand } from '#contracts/brand';

// Brand facts shown in several places (navbar, footer, meta tags).
export const site = {
  ...brand,
  url: siteUrl,
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/wayfarertours' },
    { name: 'Facebook', href: 'https://www.facebook.com/wayfarertours' },
    { name: 'YouTube', href: 'https://www.youtube.com/@wayfarertours' },
  ],
} as const;
