import { MoneyConsole } from '~/features/admin/components/money-console';

export const meta = () => [
  { title: 'Money | Operator console | Wayfarer Tours' },
  { name: 'description', content: 'Payments due, overdue, refunds owed and money received.' },
];

export default function AdminMoneyPage() {
  return <MoneyConsole />;
}
