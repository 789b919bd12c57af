import { DeparturesConsole } from '~/features/admin/components/departures-console';

export const meta = () => [
  { title: 'Departures | Operator console | Wayfarer Tours' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminDeparturesPage() {
  return <DeparturesConsole />;
}
