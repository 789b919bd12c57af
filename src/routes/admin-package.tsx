import { useParams } from 'react-router';
import { cataloguePaths } from '~/features/admin/api/catalogue-api';
import { PackageEditorPage } from '~/features/admin/components/package-editor-page';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-package';

export const meta = () => [
  { title: 'Edit package | Operator console | Wayfarer Tours' },
  {
    name: 'description',
    content: 'One Wayfarer Tours package: its text, days, images, questions and status.',
  },
];

// With an operator's session cookie the server renders the package from the catalogue's list.
export const loader = ({ context }: Route.LoaderArgs) => loadOperatorData(context, [cataloguePaths.packages]);

export default function AdminPackagePage() {
  const { id = '' } = useParams();
  return <PackageEditorPage packageId={id} />;
}
