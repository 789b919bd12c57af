import { useParams } from 'react-router';
import { adminPaths } from '~/features/admin/api/admin-api';
import { ManifestSheet } from '~/features/admin/components/manifest-sheet';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-manifest';

export const meta = () => [
  { title: 'Manifest | Operator console | Wayfarer Tours' },
  { name: 'description', content: 'The printable traveller manifest of one Wayfarer Tours departure.' },
];

// With an operator's session cookie the server renders the manifest.
export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadOperatorData(context, [adminPaths.manifest(params.id)]);

export default function AdminManifestPage() {
  const { id = '' } = useParams();
  return <ManifestSheet key={id} departureId={id} />;
}
