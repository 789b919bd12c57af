import { GuideDepartures } from '~/features/guide/components/guide-departures';
import { guidePaths } from '~/features/guide/guide-api';
import guideCss from '~/features/guide/guide.css?url';
import { loadPageDataFor } from '~/lib/page-data';
import type { Route } from './+types/guide';

export const links = () => [{ rel: 'stylesheet', href: guideCss }];

export const meta = () => [
  { title: 'Your departures | Guide | Wayfarer Tours' },
  { name: 'description', content: 'The departures a Wayfarer Tours guide leads, with check-in.' },
];

// With a guide's session cookie the server renders their list.
export const loader = ({ context }: Route.LoaderArgs) =>
  loadPageDataFor(context, 'guide', [guidePaths.departures]);

export default function GuidePage() {
  return <GuideDepartures />;
}
