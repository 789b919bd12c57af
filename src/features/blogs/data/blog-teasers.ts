import { msg } from '#contracts/i18n';

export type BlogTeaser = { cover: string; title: string; description: string };

// A fixed list of four teasers (docs/product.md#pages).
export const blogTeasers: readonly BlogTeaser[] = [
  {
    cover: 'blog-packing',
    title: msg('The Carry-On Only Guide to Two Weeks Abroad'),
    description: msg(
      'Our guides live out of one small bag for months at a time. Here is exactly what they pack, the three fabrics that do all the work, and the rolling trick that frees up a third of your suitcase for the way home.',
    ),
  },
  {
    cover: 'blog-beaches',
    title: msg('Seven Quiet Beaches the Crowds Have Not Found'),
    description: msg(
      'From a pebble cove below a Greek monastery to a white-sand bay in northern Brazil reached only by boat, these are the shores our local guides head to on their own days off, with the best months to go.',
    ),
  },
  {
    cover: 'blog-food',
    title: msg('How to Eat Street Food Like a Local (and Safely)'),
    description: msg(
      'The busiest stall is usually the safest, the sauce is never optional, and breakfast is where the real cooking happens. A field guide to night markets from Marrakech to Osaka, written by the people who eat there every week.',
    ),
  },
  {
    cover: 'blog-trekking',
    title: msg('Training for Your First Multi-Day Trek'),
    description: msg(
      'You do not need to be an athlete to walk the W trek or the Haute Route. A twelve-week plan that starts with stairs and weekend walks, the boots-and-blisters advice we give every guest, and how to pace a day at altitude.',
    ),
  },
];
