import { useParams } from 'react-router';
import { GuideManifest } from '~/features/guide/components/guide-manifest';
import { guidePaths } from '~/features/guide/guide-api';
import guideCss from '~/features/guide/guide.css?url';
import { loadPageDataFor } from '~/lib/page-data';
import type { Route } from './+types/guide-departure';

export const links = () => [{ rel: 'stylesheet', href: guideCss }];

export const meta = () => [
  { title: 'Check-in | Guide | Wayfarer Tours' },
  { name: 'description', content: 'The travellers of one departure, checked in at the meeting point.' },
];

export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadPageDataFor(context, 'guide', [guidePaths.manifest(params.id)]);

export default function GuideDeparturePage() {
  const { id = '' } = useParams();
  return <GuideManifest key={id} departureId={id} />;
}
