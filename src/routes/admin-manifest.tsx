import { useParams } from 'react-router';
import { ManifestSheet } from '~/features/admin/components/manifest-sheet';

export const meta = () => [
  { title: 'Manifest | Operator console | Wayfarer Tours' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminManifestPage() {
  const { id = '' } = useParams();
  return <ManifestSheet key={id} departureId={id} />;
}
